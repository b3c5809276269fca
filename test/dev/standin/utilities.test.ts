// Utilities: formatDate patterns, sleep limits, UUIDs and base64.
import { run, standin } from './fixture';
import { simpleDateFormat } from '../../../dev/standin/utilities';

describe('Utilities', () => {
  it('should format dates with SimpleDateFormat patterns in a time zone', () => {
    const t = Date.UTC(2025, 6, 4, 15, 7, 30, 45);
    expect(simpleDateFormat(t, 'Etc/UTC', "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")).toBe('2025-07-04T15:07:30.045Z');
    expect(simpleDateFormat(t, 'Etc/UTC', 'yyyy-MM-dd HH:mm')).toBe('2025-07-04 15:07');
    expect(simpleDateFormat(t, 'America/New_York', 'EEE, d MMM yyyy h:mm a XXX')).toBe('Fri, 4 Jul 2025 11:07 AM -04:00');
    expect(simpleDateFormat(t, 'Asia/Kolkata', 'Z')).toBe('+0530');
    expect(() => simpleDateFormat(t, 'Etc/UTC', 'w')).toThrow(/pattern letter 'w'/);
  });

  it('should be reachable from the script, refusing unknown time zones', () => {
    const s = standin();
    expect(run(s, `return Utilities.formatDate(new Date(), 'Etc/UTC', 'yyyy-MM-dd HH:mm');`)).toBe('2025-01-06 09:00');
    expect(() => run(s, `Utilities.formatDate(new Date(), 'Mars/Olympus', 'yyyy');`)).toThrow('Invalid argument: timeZone');
  });

  it('should make UUIDs and base64', () => {
    const s = standin();
    const [a, b, enc, dec] = run<[string, string, string, number[]]>(
      s,
      `return [Utilities.getUuid(), Utilities.getUuid(), Utilities.base64Encode('héllo'), Utilities.base64Decode('/w==')];`,
    );
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
    expect(enc).toBe(Buffer.from('héllo').toString('base64'));
    expect(dec).toEqual([-1]);
  });

  it('should refuse to sleep longer than Apps Script allows', () => {
    const s = standin();
    expect(() => run(s, `Utilities.sleep(300001);`)).toThrow(/Invalid argument/);
  });
});
