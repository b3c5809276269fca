// A run without its document (docs/rules.md#readings): a null document lock is a sentence, not a TypeError.
import type { Services } from '../../src/core/services';
import { tryDocumentLock, withDocumentLock } from '../../src/server/context';
import { toFailure } from '../../src/server/failure';

const noDocument = { documentLock: () => null } as unknown as Services;

describe('document lock', () => {
  it('should answer no_document with a sentence when Google gives the run no document lock', () => {
    for (const attempt of [() => withDocumentLock(noDocument, () => 1), () => tryDocumentLock(noDocument, () => 1)]) {
      let caught: unknown;
      try {
        attempt();
      } catch (e) {
        caught = e;
      }
      expect(toFailure(caught)).toMatchObject({ ok: false, error: { code: 'no_document', message: expect.stringMatching(/without its spreadsheet/) } });
    }
  });
});
