/** Every field of the settings form, as the settings page sends it; `overrides` change what a test is about. */
export function festivalSettingsForm(version: number, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Techfest',
    tagline: 'Three days of clubs, code and stage.',
    firstDay: '2025-08-30',
    lastDay: '2025-09-01',
    registrationOpensAt: '2025-08-14T00:00:00+05:30',
    registrationClosesAt: null,
    timeZone: 'Asia/Kolkata',
    about: {
      lead: 'A college by the sea.',
      accreditation: 'Accredited A+.',
      undergraduateProgrammes: ['Computer Science and Engineering', 'Civil'],
      postgraduateProgrammes: ['MBA'],
      vision: 'To build.',
      mission: 'To teach.',
      contactEmail: 'Festival.Office@campus.ac.in',
      contactPhone: '+91 44 2345 6789',
      contactNote: 'The Student Affairs office, 9 am to 5 pm.',
    },
    certificate: {
      institutionName: 'Coastal Institute of Technology',
      signatories: [
        { name: 'Dr. Meenakshi Iyer', title: 'Principal' },
        { name: 'Prof. Arvind Rao', title: 'Festival Convenor' },
      ],
    },
    rules: { maxRegistrationsPerStudent: 0, clashCheck: false, eventLengthMinutes: 120, waitlistOfferHours: 12 },
    version,
    ...overrides,
  };
}

export const festivalRulesWith = (overrides: Record<string, unknown>) => ({
  maxRegistrationsPerStudent: 0,
  clashCheck: false,
  eventLengthMinutes: 120,
  waitlistOfferHours: 12,
  ...overrides,
});
