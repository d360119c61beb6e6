/** The member a message is about (for a welcome, the one who just joined). */
export interface TemplateUser {
  id: string;
  username: string;
  /** Server nickname, else global display name, else username. */
  displayName: string;
  /** Full avatar URL (the default avatar when the user has none). */
  avatarUrl: string;
  createdAt: number;
  /** When the member joined the server, when known. */
  joinedAt: number | null;
}

/** The server a message is posted in. */
export interface TemplateServer {
  id: string;
  name: string;
  iconUrl: string | null;
  description: string | null;
  memberCount: number;
  boostCount: number;
  /** 0 to 3. */
  boostLevel: number;
  createdAt: number;
  ownerId: string;
  ownerTag: string;
}

/** Everything a template can read. */
export interface TemplateContext {
  user: TemplateUser;
  server: TemplateServer;
  /** The render time, ms since the epoch. */
  now: number;
  /**
   * Set only for a birthday announcement: the age the member turns, or null when they saved no
   * birth year or chose not to show it (`{birthday.age}` then renders nothing).
   */
  birthday?: { age: number | null };
  /** A source of numbers in [0, 1) for `{random(…)}` and `{choose(…)}`; Math.random by default. */
  random?: () => number;
}

/** A value as conditions see it: text, a number, or nothing. */
export type TemplateValue = string | number | null;

/** A made-up member and server, for examples, previews without a member, tests and benchmarks. */
export function exampleTemplateContext(now: number = Date.UTC(2025, 2, 14, 18, 5)): TemplateContext {
  return {
    user: {
      id: "448866224466880011",
      username: "cinderfox",
      displayName: "Cinder",
      avatarUrl: "https://cdn.discordapp.com/embed/avatars/3.png",
      createdAt: Date.UTC(2019, 5, 2, 12),
      joinedAt: now,
    },
    server: {
      id: "1085281409813676032",
      name: "Ember Hollow",
      iconUrl: null,
      description: "A cosy grinding and events community",
      memberCount: 321,
      boostCount: 9,
      boostLevel: 2,
      createdAt: Date.UTC(2023, 2, 14, 18, 30),
      ownerId: "329638211698262016",
      ownerTag: "emberkeeper",
    },
    now,
  };
}
