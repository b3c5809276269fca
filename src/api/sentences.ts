// What each API error code means for a person, in a sentence (the service's own message is not for branching).

const SENTENCES: Record<string, string> = {
  unauthorized: 'The API key was refused: it is missing, mistyped or revoked. Open Connection and save a valid key.',
  forbidden:
    'This API key is read-only, so it cannot create campaigns, add people or start videos. Make a key with writing switched on in the video service and save it here.',
  not_found: 'The campaign or recording was not found for this key. It may have been deleted or belong to another workspace; pick the campaign again.',
  insufficient_credits: 'Not enough credits for this. Top up your balance or send fewer people.',
  past_due: 'Your last payment failed, so nothing paid can run. Fix the payment in the video service’s billing page, then try again.',
  no_voice: 'The recording’s voice is still being prepared. Wait until the template shows as usable, then try again.',
  needs_refilm: 'The recording has no name in it to personalize, so it must be filmed again. Choose another template or refilm it.',
  not_ready: 'Nobody in this campaign is waiting for a video. Add people first.',
  campaign_busy: 'The campaign is already generating. Wait for it to finish; progress keeps updating.',
  cap_reached: 'This key has spent its daily credit allowance. It resets at midnight UTC, or save a key with a higher allowance.',
  rate_limited: 'The video service is getting too many requests from this key. Wait a minute and try again.',
  internal:
    'The video service had a problem on its side and kept having it after several tries. Nothing was changed by this request; wait a few minutes before doing it again.',
};

/** The sentence for an API error code, with the service's own message where it names the problem. */
export function sentenceFor(code: string, serviceMessage: string): string {
  if (code === 'bad_input') return `The video service refused the request: ${serviceMessage}`;
  // The code comes from the service: only the table's own entries count (not "constructor" and kin).
  return Object.prototype.hasOwnProperty.call(SENTENCES, code) ? SENTENCES[code]! : serviceMessage;
}
