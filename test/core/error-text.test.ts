// What a thrown value says, without the "Exception: " Apps Script puts before its own messages.
import { errorText } from '../../src/core/error-text';

describe('errorText', () => {
  it("should give an error's message and a thrown value's text", () => {
    expect(errorText(new Error('The lock timed out.'))).toBe('The lock timed out.');
    expect(errorText('plain words')).toBe('plain words');
    expect(errorText(42)).toBe('42');
  });

  it('should drop the "Exception: " Apps Script puts before its own messages, and nothing else', () => {
    expect(errorText(new Error('Exception: Service invoked too many times for one day: urlfetch.'))).toBe(
      'Service invoked too many times for one day: urlfetch.',
    );
    expect(errorText('Exception:  Timeout: https://x/api')).toBe('Timeout: https://x/api');
    expect(errorText(new Error('An Exception: in the middle stays.'))).toBe('An Exception: in the middle stays.');
  });
});
