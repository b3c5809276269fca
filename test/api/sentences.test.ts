import type { ApiErrorCode } from '../../src/api/types';
import { sentenceFor } from '../../src/api/sentences';

const CODES: ApiErrorCode[] = [
  'unauthorized',
  'forbidden',
  'not_found',
  'bad_input',
  'insufficient_credits',
  'past_due',
  'no_voice',
  'needs_refilm',
  'not_ready',
  'campaign_busy',
  'cap_reached',
  'rate_limited',
  'internal',
];
const SERVICE = 'service says: xyzzy';

describe('sentenceFor', () => {
  it('should give every API code other than bad_input its own sentence, not the service message', () => {
    const sentences = CODES.filter((c) => c !== 'bad_input').map((c) => sentenceFor(c, SERVICE));
    for (const s of sentences) {
      expect(s).not.toContain('xyzzy');
      expect(s).toMatch(/^[A-Z].*\.$/);
    }
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('should say what to do for a refused key and a read-only key', () => {
    expect(sentenceFor('unauthorized', SERVICE)).toContain('Open Connection');
    expect(sentenceFor('forbidden', SERVICE)).toContain('read-only');
  });

  it('should carry the service message for bad_input, since it names the field at fault', () => {
    expect(sentenceFor('bad_input', 'firstName is too long.')).toBe('The video service refused the request: firstName is too long.');
  });

  it('should fall back to the service message for a code it does not know', () => {
    expect(sentenceFor('brand_new_code', 'Something new happened.')).toBe('Something new happened.');
    expect(sentenceFor('network', 'No answer from the service.')).toBe('No answer from the service.');
  });
});

describe('sentenceFor with a code that names an object member', () => {
  it.each(['constructor', 'toString', '__proto__'])('should fall back to the service message for %s', (code) => {
    expect(sentenceFor(code, 'msg')).toBe('msg');
  });
});
