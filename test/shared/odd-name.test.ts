import { oddName, oddNamesSentence } from '../../src/shared/odd-name';

describe('oddName', () => {
  it('should pass first names written as people write them, in any script', () => {
    for (const name of ['Jon', 'Zoë', 'Mary Ann', 'Jean-Luc', 'O’Brien', "D'Arcy", 'J.R.', 'JON', 'Łukasz', 'Ngọc', '美咲', 'Алёна'])
      expect([name, oddName(name)]).toEqual([name, null]);
  });

  it('should name a first name written all in lower case', () => {
    expect(oddName('jon smith')).toBe('lower case');
    expect(oddName('zoë')).toBe('lower case');
  });

  it('should name a first name holding more than letters', () => {
    expect(oddName('Zoë 🚀')).toBe('not only letters');
    expect(oddName('Jon2')).toBe('not only letters');
    expect(oddName('Ann (CEO)')).toBe('not only letters');
  });
});

describe('oddNamesSentence', () => {
  it('should say nothing when every first name reads as written', () => {
    expect(oddNamesSentence([])).toBeNull();
  });

  it('should name one, and the first three of more with how many others', () => {
    expect(oddNamesSentence([['jon smith', 'lower case']])).toBe('1 first name would be said as written, so check before Add: “jon smith” (lower case).');
    const five = ['a', 'b', 'c', 'd', 'e'].map((name) => [name, 'lower case'] as const);
    expect(oddNamesSentence(five)).toBe(
      '5 first names would be said as written, so check before Add: “a” (lower case), “b” (lower case), “c” (lower case) and 2 more.',
    );
  });
});
