// Words for numbers, credits, intervals, statuses and times.
import { count, creditRange, credits, formatNumber, humanize, interval, relativeTime, stageWord } from '../../sidebar/format';

describe('format', () => {
  it('should group thousands and mark non-numbers', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(Number.NaN)).toBe('?');
  });

  it('should count in singular and plural', () => {
    expect(count(1, 'person', 'people')).toBe('1 person');
    expect(count(15, 'person', 'people')).toBe('15 people');
    expect(count(0, 'row')).toBe('0 rows');
    expect(credits(1)).toBe('1 credit');
    expect(credits(1500)).toBe('1,500 credits');
  });

  it('should show a credit range, or one figure when both ends agree', () => {
    expect(creditRange(30, 45)).toBe('30–45 credits');
    expect(creditRange(45, 45)).toBe('45 credits');
  });

  it('should name the auto-refresh interval in force', () => {
    expect(interval(5)).toBe('every 5 minutes');
    expect(interval(1)).toBe('every minute');
    expect(interval(60)).toBe('every hour');
    expect(interval(120)).toBe('every 2 hours');
    expect(interval(null)).toBe('');
  });

  it('should give relative times from an ISO string', () => {
    const now = Date.parse('2024-06-01T12:00:00Z');
    expect(relativeTime('2024-06-01T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2024-06-01T11:57:00Z', now)).toBe('3 minutes ago');
    expect(relativeTime('2024-06-01T11:59:00Z', now)).toBe('1 minute ago');
    expect(relativeTime('2024-06-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2024-05-30T12:00:00Z', now)).toBe('2 days ago');
    expect(relativeTime('2024-06-01T12:05:00Z', now)).toBe('just now');
    expect(relativeTime('not a time', now)).toBe('at an unknown time');
  });

  it('should word known statuses and stages and humanize unknown ones', () => {
    expect(stageWord('tts')).toBe('Voice');
    expect(stageWord('colour_grade')).toBe('Colour grade');
    expect(humanize('')).toBe('');
  });
});
