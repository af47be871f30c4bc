/**
 * The scrypt cost of passwords made by tests: N = 16 takes microseconds, where production's 2^17 takes
 * a third of a second. Tests that are about the cost itself name theirs.
 */
export const testHashCost = 2 ** 4;
