// What a thrown value says, for a sentence or a test of its words: Apps Script's own errors may start "Exception: ".
export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e)).replace(/^Exception:\s*/, '');
