// The boards that draw a game of their own; any other game gets the generic board.

export const boards = {};
