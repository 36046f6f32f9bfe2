// The boards that draw a game of their own; any other game gets the generic board.

import { mississippiFortressBoard } from "./mississippi-fortress.js";

export const boards = {
  "mississippi-fortress": mississippiFortressBoard,
};
