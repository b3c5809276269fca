// The seeds `npm test` explores (docs/rules.md#explorer): a few short histories each, well under a minute in all on a
// 2-core machine.
export const CI_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
export const CI_HISTORY = { runs: 4, actions: 40 };
