// The playground's sample lead lists: 50 plausible rows, three of them invalid on purpose so the
// add-on's validation shows (no first name, a hook over 200 characters, a CTA URL that is not one),
// and a short second list for a second tab.

export const LEAD_HEADERS = ['First name', 'Last name', 'Company', 'Email', 'Website', 'Hook', 'CTA URL'] as const;

const FIRST = [
  'Ava',
  'Ben',
  'Chloe',
  'Daniel',
  'Emma',
  'Felix',
  'Grace',
  'Hugo',
  'Isla',
  'Jack',
  'Kara',
  'Liam',
  'Maya',
  'Noah',
  'Olivia',
  'Priya',
  'Quinn',
  'Ravi',
  'Sofia',
  'Tom',
  'Uma',
  'Victor',
  'Wen',
  'Xavier',
  'Yara',
  'Zoe',
  'Aaron',
  'Bianca',
  'Carlos',
  'Dana',
  'Elena',
  'Farah',
  'George',
  'Hana',
  'Ivan',
  'Julia',
  'Kenji',
  'Lena',
  'Marco',
  'Nina',
  'Omar',
  'Paula',
  'Rosa',
  'Sam',
  'Tara',
  'Ugo',
  'Vera',
  'Will',
  'Yusuf',
  'Zara',
];
const LAST = [
  'Adams',
  'Brooks',
  'Chen',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Jones',
  'Khan',
  'Lopez',
  'Murphy',
  'Nguyen',
  'Olsen',
  'Patel',
  'Reid',
  'Shah',
  'Rossi',
  'Turner',
  'Usman',
  'Vargas',
  'Wang',
  'Xu',
  'Young',
  'Zimmer',
  'Bell',
  'Costa',
  'Mendez',
  'Novak',
  'Petrova',
  'Haddad',
  'Wright',
  'Sato',
  'Ivanov',
  'Keller',
  'Tanaka',
  'Berg',
  'Bianchi',
  'Kowalski',
  'Farouk',
  'Silva',
  'Moreno',
  'Price',
  'Walsh',
  'Conti',
  'Horvat',
  'Scott',
  'Aydin',
  'Malik',
];
const COMPANIES = [
  'Northwind Labs',
  'Bluepeak Analytics',
  'Copperleaf',
  'Driftwood Studio',
  'Evergreen Health',
  'Foxglove Media',
  'Granite Logistics',
  'Harborview Capital',
  'Ironbark Software',
  'Juniper Foods',
];
const HOOKS = [
  'Loved your talk on scaling onboarding without adding headcount.',
  'Your post about pricing experiments got our whole team arguing, in a good way.',
  'Congrats on the new funding round, that is a big milestone.',
  'Saw you are hiring three SDRs this quarter, exciting times.',
  'Your podcast episode on churn was the most useful 40 minutes of my week.',
];

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Header row plus 50 lead rows, as plain strings. */
export function sampleLeads(): string[][] {
  const rows = FIRST.map((first, i) => {
    const last = LAST[i] ?? 'Smith';
    const company = COMPANIES[i % COMPANIES.length]!;
    const domain = `${slug(company)}.example.com`;
    return [
      first,
      last,
      company,
      `${slug(first)}.${slug(last)}@${domain}`,
      `https://${domain}`,
      HOOKS[i % HOOKS.length]!,
      'https://cal.example.com/alex/intro',
    ];
  });
  // Deliberate mistakes, spread out so they show up in a scroll through the list.
  rows[6]![0] = '';
  rows[18]![5] = `${'I read every one of your posts about building a sales team from scratch, '.repeat(3)}and wanted to say thanks.`;
  rows[32]![6] = 'book a call with me';
  return [[...LEAD_HEADERS], ...rows];
}

/** Header row plus five more people, for a second tab (a campaign is bound per tab). */
export function followUpLeads(): string[][] {
  const people = [
    ['Iris', 'Moss', 'Lumen Robotics'],
    ['Jonas', 'Lind', 'Quarry Bank'],
    ['Mila', 'Ortiz', 'Saltmarsh Coffee'],
    ['Pavel', 'Dvorak', 'Tidewater Energy'],
    ['Rhea', 'Kapoor', 'Waypoint Travel'],
  ];
  return [
    [...LEAD_HEADERS],
    ...people.map(([first, last, company]) => {
      const domain = `${slug(company!)}.example.com`;
      return [
        first!,
        last!,
        company!,
        `${slug(first!)}@${domain}`,
        `https://${domain}`,
        'Thanks for the quick chat at the conference last week.',
        'https://cal.example.com/alex/intro',
      ];
    }),
  ];
}
