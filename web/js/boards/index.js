// The boards that draw a game of their own; any other game gets the generic board. The list
// is made by the server from the games it hosts (the registry, games/registry/src/lib.rs): each
// game's `web/board.js` in its folder, served under /web/games/<id>/.

export { boards } from "../../games/boards.js";
