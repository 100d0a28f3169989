import type { NewEventRow } from '../database/schema/events.js';

interface DemoEvent {
  name: string;
  club: string;
  type: 'solo' | 'group';
  description: string;
  /** Hours after midnight of the festival day (in its time zone) when the event starts. */
  startsAtHour: number;
  /** How long it lasts, when not the usual two hours. */
  lastsHours?: number;
  /** Whole days before the festival day when registration closes, at 23:59. */
  closesDaysBefore: number;
  seats: number | null;
  team?: [min: number, max: number];
  genderTeams?: { boys: number; girls: number };
  requiresApproval?: boolean;
  venue: string;
  coordinator: [name: string, dept: string];
  staff: [name: string, mailbox: string];
  rules: string[];
}

const FAIR_PLAY = 'Participants must carry their institution ID card.';

// One event per entry, its facts on the first line: a table to scan, so Prettier leaves it as laid out.
// prettier-ignore
const DEMO_EVENTS: DemoEvent[] = [
  { name: 'Code Sprint', club: 'Tech Club', type: 'solo', startsAtHour: 10, lastsHours: 1.5, closesDaysBefore: 2, seats: 60, venue: 'CSE Block, Lab 3', coordinator: ['Arjun Mehta', 'CSE'], staff: ['Dr. R. Kavitha', 'kavitha.r'],
    description: 'Ninety minutes, five problems, one leaderboard. Solve algorithmic puzzles in C, C++, Java or Python on the lab machines.',
    rules: ['Individual participation only.', 'Internet access is disabled apart from the judge.', 'Ties are broken by the time of the last accepted submission.', FAIR_PLAY] },
  { name: 'Hack the Campus', club: 'Tech Club', type: 'group', team: [2, 4], startsAtHour: 9, lastsHours: 6, closesDaysBefore: 3, seats: 30, venue: 'Innovation Centre', coordinator: ['Sneha Iyer', 'IT'], staff: ['Dr. P. Senthil', 'senthil.p'],
    description: 'A six-hour build-a-thon: pick a real problem on campus and ship a working prototype. Mentors walk the floor all day.',
    rules: ['Teams of 2 to 4 members.', 'All code must be written during the event; libraries are allowed.', 'Each team demos for five minutes to the jury.', 'Bring your own laptops and chargers.'] },
  { name: 'Robo Race', club: 'Tech Club', type: 'group', team: [2, 4], startsAtHour: 14, closesDaysBefore: 3, seats: 20, venue: 'Mechanical Block Quadrangle', coordinator: ['Karthik Raj', 'ECE'], staff: ['Mr. S. Prakash', 'prakash.s'],
    description: 'Build a wired or wireless bot that can sprint, turn and climb through an obstacle track against the clock.',
    rules: ['Bot dimensions must not exceed 30 × 30 × 30 cm.', 'Supply voltage at most 12 V DC.', 'Two attempts per team; the better time counts.', 'Damaging the track leads to disqualification.'] },
  { name: 'Paper Presentation', club: 'Blue Sky Forum', type: 'group', team: [1, 3], startsAtHour: 10, closesDaysBefore: 5, seats: null, requiresApproval: true, venue: 'Seminar Hall 1', coordinator: ['Divya Nair', 'EEE'], staff: ['Dr. M. Latha', 'latha.m'],
    description: 'Present an original idea or study in any branch of engineering to a panel of faculty reviewers.',
    rules: ['Up to 3 authors per paper.', 'Eight minutes to present and two for questions.', 'Slides must be submitted by the registration deadline.', 'Plagiarised work is disqualified.'] },
  { name: 'Quiz Mania', club: 'Blue Sky Forum', type: 'group', team: [2, 3], startsAtHour: 11, closesDaysBefore: 2, seats: 40, venue: 'Main Auditorium', coordinator: ['Rahul Verma', 'MECH'], staff: ['Dr. K. Anand', 'anand.k'],
    description: 'A written prelim followed by a six-team stage final on science, sport, cinema and the campus itself.',
    rules: ['Teams of 2 or 3.', 'Mobile phones must be switched off.', 'The top six teams of the prelim reach the final.', "The quizmaster's answer is final."] },
  { name: 'Treasure Hunt', club: 'Cultural Club', type: 'group', team: [3, 5], genderTeams: { boys: 10, girls: 10 }, startsAtHour: 13, closesDaysBefore: 2, seats: 20, venue: 'Campus-wide, start at the Main Gate', coordinator: ['Meera Krishnan', 'AIDS'], staff: ['Ms. J. Priya', 'priya.j'],
    description: 'Crack riddles hidden across the campus, race from clue to clue and be the first team back with the treasure.',
    rules: ['Teams of 3 to 5 members of the same gender.', 'Ten boys’ teams and ten girls’ teams at most.', 'Stay within the campus; vehicles are not allowed.', 'Clues must not be moved or damaged.', FAIR_PLAY] },
  { name: 'Book Review', club: "Readers' Club", type: 'solo', startsAtHour: 10, closesDaysBefore: 2, seats: 40, venue: 'Central Library Reading Hall', coordinator: ['Ananya Das', 'CIVIL'], staff: ['Dr. S. Revathi', 'revathi.s'],
    description: 'Review a book that changed how you think, in five spoken minutes, before readers who will ask hard questions.',
    rules: ['Any published book in English or Tamil.', 'Five minutes to speak, two for questions.', 'Notes are allowed; reading out a script is not.'] },
  { name: 'Spell Bee', club: "Readers' Club", type: 'solo', startsAtHour: 15, closesDaysBefore: 1, seats: null, venue: 'Seminar Hall 2', coordinator: ['Farhan Ali', 'BME'], staff: ['Dr. S. Revathi', 'revathi.s'],
    description: 'Elimination rounds of spelling, from the everyday to the outrageous. Last speller standing wins.',
    rules: ['One attempt per word.', 'You may ask for the word to be repeated or used in a sentence.', 'Eliminated spellers may stay in the audience.'] },
  { name: 'Shutter Stories', club: 'Photography Club', type: 'solo', startsAtHour: 9, closesDaysBefore: 1, seats: null, venue: 'Open Air Theatre', coordinator: ['Nikhil Joseph', 'ECE'], staff: ['Mr. A. Vignesh', 'vignesh.a'],
    description: 'Capture the festival in three frames on the theme announced at 9 am. Phones and cameras welcome.',
    rules: ['Submit three photographs by 4 pm on the festival day.', 'Basic edits only; no composites.', 'Photographs must be taken on the festival day within the campus.'] },
  { name: 'Reel Making', club: 'Photography Club', type: 'group', team: [2, 3], startsAtHour: 9, closesDaysBefore: 2, seats: 25, venue: 'Media Lab', coordinator: ['Pooja Shetty', 'IT'], staff: ['Mr. A. Vignesh', 'vignesh.a'],
    description: 'Shoot and edit a 60-second reel that tells a story about campus life, all within the festival day.',
    rules: ['Teams of 2 or 3.', 'Reels must be at most 60 seconds long.', 'Use only royalty-free music.', 'Submit by 5 pm on the festival day.'] },
  { name: 'Solo Dance', club: 'Dance Club', type: 'solo', startsAtHour: 16, closesDaysBefore: 2, seats: 30, venue: 'Main Auditorium', coordinator: ['Riya Sharma', 'MBA'], staff: ['Ms. D. Keerthana', 'keerthana.d'],
    description: 'Three minutes on the big stage in any style: classical, folk, contemporary or freestyle.',
    rules: ['Performance time 2 to 3 minutes.', 'Bring your track on a pen drive in MP3 format.', 'Props are allowed; fire and liquids are not.'] },
  { name: 'Group Dance', club: 'Dance Club', type: 'group', team: [5, 10], startsAtHour: 18, closesDaysBefore: 3, seats: 12, venue: 'Open Air Theatre', coordinator: ['Harini Subramanian', 'EEE'], staff: ['Ms. D. Keerthana', 'keerthana.d'],
    description: 'The closing-night crowd favourite: choreograph, costume and perform as a crew of five to ten.',
    rules: ['Teams of 5 to 10 members.', 'Performance time at most 6 minutes including setup.', 'Submit your track to the coordinator a day before.', 'Obscene moves or lyrics lead to disqualification.'] },
  { name: 'Solo Singing', club: 'Music Club', type: 'solo', startsAtHour: 11, closesDaysBefore: 2, seats: 35, venue: 'Music Room, Admin Block', coordinator: ['Aditya Rao', 'CSE'], staff: ['Mr. T. Balaji', 'balaji.t'],
    description: 'Sing a song of your choice, any language, any genre, with or without accompaniment.',
    rules: ['Performance time at most 4 minutes.', 'Karaoke tracks without vocals are allowed.', 'One instrument may accompany you.'] },
  { name: 'Battle of Bands', club: 'Music Club', type: 'group', team: [3, 6], startsAtHour: 19, closesDaysBefore: 4, seats: 10, requiresApproval: true, venue: 'Open Air Theatre', coordinator: ['Vikram Pillai', 'MECH'], staff: ['Mr. T. Balaji', 'balaji.t'],
    description: 'Bands of three to six take the open-air stage for a 15-minute set. Entries are shortlisted from demo recordings.',
    rules: ['Bands of 3 to 6 members.', 'Fifteen minutes per band including sound check.', 'Drum kit and amplifiers are provided.', 'Shortlisted bands are told two days before the festival.'] },
  { name: 'Mime', club: 'Drama Club', type: 'group', team: [4, 8], startsAtHour: 12, closesDaysBefore: 2, seats: 12, venue: 'Main Auditorium', coordinator: ['Lakshmi Narayanan', 'CIVIL'], staff: ['Dr. V. Suresh', 'suresh.v'],
    description: 'Tell a whole story without a word. Music is allowed; speech is not.',
    rules: ['Teams of 4 to 8 members.', 'Performance time at most 7 minutes.', 'Face paint is allowed; masks are not.'] },
  { name: 'Street Play', club: 'Drama Club', type: 'group', team: [6, 12], startsAtHour: 15, closesDaysBefore: 3, seats: 10, venue: 'Food Court Lawn', coordinator: ['Sanjay Kumar', 'AIDS'], staff: ['Dr. V. Suresh', 'suresh.v'],
    description: 'A nukkad natak on a social theme of your choosing, performed in the round among the audience.',
    rules: ['Teams of 6 to 12 members.', 'Performance time 10 to 15 minutes.', 'Only live music and percussion.', 'No microphones.'] },
  { name: 'Monologue', club: 'Drama Club', type: 'solo', startsAtHour: 10, closesDaysBefore: 2, seats: 25, venue: 'Seminar Hall 3', coordinator: ['Tanvi Gupta', 'MCA'], staff: ['Dr. V. Suresh', 'suresh.v'],
    description: 'One performer, one character, three minutes to hold the room.',
    rules: ['Performance time at most 3 minutes.', 'Original or adapted pieces are both welcome.', 'Minimal props only.'] },
  { name: 'Debate', club: 'Literary Club', type: 'group', team: [2, 2], startsAtHour: 11, closesDaysBefore: 2, seats: 32, venue: 'Seminar Hall 2', coordinator: ['Rohan Thomas', 'ECE'], staff: ['Dr. A. Fathima', 'fathima.a'],
    description: 'Parliamentary-style debate in pairs. Motions are announced fifteen minutes before each round.',
    rules: ['Teams of exactly 2.', 'Five minutes per speaker, one minute for rebuttal.', 'Sides are drawn by lot.', 'Personal remarks lose points.'] },
  { name: 'Creative Writing', club: 'Literary Club', type: 'solo', startsAtHour: 14, closesDaysBefore: 1, seats: 50, venue: 'Central Library, First Floor', coordinator: ['Ishita Bose', 'Bio-Tech'], staff: ['Dr. A. Fathima', 'fathima.a'],
    description: 'A prompt, a pen and ninety minutes. Write a short story or a poem on the spot.',
    rules: ['Writing time 90 minutes.', 'English or Tamil.', 'Paper is provided; devices are not allowed.'] },
  { name: 'Tug of War', club: 'Sports Club', type: 'group', team: [6, 8], genderTeams: { boys: 8, girls: 8 }, startsAtHour: 16, closesDaysBefore: 2, seats: 16, venue: 'Sports Ground', coordinator: ['Manoj Selvam', 'MECH'], staff: ['Mr. R. Ganesh', 'ganesh.r'],
    description: 'Knock-out pulls on the main ground. Boys’ and girls’ brackets run side by side.',
    rules: ['Teams of 6 to 8 members of the same gender.', 'Eight boys’ teams and eight girls’ teams at most.', 'Sports shoes only; spikes are not allowed.', 'Best of three pulls per round.'] },
  { name: 'Chess Blitz', club: 'Sports Club', type: 'solo', startsAtHour: 10, closesDaysBefore: 2, seats: 64, venue: 'Indoor Stadium, Gallery', coordinator: ['Deepak Raman', 'IT'], staff: ['Mr. R. Ganesh', 'ganesh.r'],
    description: 'Swiss-system blitz, five minutes a side plus three seconds a move, six rounds.',
    rules: ['Time control 5 + 3.', 'Touch-move applies.', 'Illegal moves lose two minutes on the clock.'] },
  { name: 'Box Cricket', club: 'Sports Club', type: 'group', team: [6, 8], genderTeams: { boys: 12, girls: 6 }, startsAtHour: 9, closesDaysBefore: 3, seats: 18, venue: 'Indoor Stadium', coordinator: ['Praveen Kumar', 'CIVIL'], staff: ['Mr. R. Ganesh', 'ganesh.r'],
    description: 'Six-over matches in the netted box. Fast, loud and over before you know it.',
    rules: ['Teams of 6 to 8 members of the same gender.', 'Six overs per innings; one bowler may bowl two overs.', 'Hitting the net on the full counts as out.', 'Tennis ball provided.'] },
  { name: 'Rangoli', club: 'Cultural Club', type: 'group', team: [2, 3], startsAtHour: 8, closesDaysBefore: 2, seats: 20, venue: 'Admin Block Corridor', coordinator: ['Kavya Reddy', 'Arch'], staff: ['Ms. J. Priya', 'priya.j'],
    description: 'Two hours to turn a square of floor into art, with the theme revealed at the start.',
    rules: ['Teams of 2 or 3.', 'Bring your own colours; stencils are not allowed.', 'Each team gets a 1.5 m × 1.5 m space.'] },
  { name: 'Face Painting', club: 'Cultural Club', type: 'group', team: [2, 2], startsAtHour: 12, closesDaysBefore: 1, seats: 15, venue: 'Food Court Lawn', coordinator: ['Aishwarya Menon', 'BME'], staff: ['Ms. J. Priya', 'priya.j'],
    description: 'One artist, one canvas (a friend’s face), one hour. The crowd votes for the people’s choice award.',
    rules: ['Teams of exactly 2: the painter and the canvas.', 'Skin-safe paints only; they are provided.', 'Time limit one hour.'] },
];

const HOUR = 60 * 60 * 1000;
const USUAL_HOURS = 2;
const DAY = 24 * HOUR;

/** The demo festival's events, placed around the configured festival day. */
export function demoEvents(festivalDay: Date, institutionDomain: string): NewEventRow[] {
  const midnight = festivalDay.getTime();
  return DEMO_EVENTS.map((event) => ({
    name: event.name,
    description: event.description,
    eventType: event.type,
    clubInCharge: event.club,
    staffInCharges: [{ adminId: null, name: event.staff[0], email: `${event.staff[1]}@${institutionDomain}`, club: event.club }],
    rules: event.rules,
    minTeamSize: event.team?.[0] ?? null,
    maxTeamSize: event.team?.[1] ?? null,
    eventDate: new Date(midnight + event.startsAtHour * HOUR),
    eventEndDate: new Date(midnight + (event.startsAtHour + (event.lastsHours ?? USUAL_HOURS)) * HOUR),
    registrationDeadline: new Date(midnight - (event.closesDaysBefore - 1) * DAY - 60 * 1000),
    maxApplications: event.seats,
    venue: event.venue,
    coordinatorName: event.coordinator[0],
    coordinatorDept: event.coordinator[1],
    requiresApproval: event.requiresApproval ?? false,
    hasGenderBasedTeams: event.genderTeams !== undefined,
    maxBoyTeams: event.genderTeams?.boys ?? null,
    maxGirlTeams: event.genderTeams?.girls ?? null,
  }));
}
