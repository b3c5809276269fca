// Bounds of the texts a person types that the add-on stores (docs/rules.md#stored-text): checked
// before anything is created in the service, so no call leaves an orphan campaign behind.

/** A campaign's name (the API's limit too). */
export const CAMPAIGN_NAME_MAX = 80;
/** A campaign's goal. */
export const CAMPAIGN_GOAL_MAX = 500;
/** A field's fallback for empty cells, at most (a field's own limit may be lower). */
export const FALLBACK_MAX = 200;
