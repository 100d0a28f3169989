/** A fresh, empty PostgreSQL database beside the one `baseUrl` names, `<name>_<suffix>`; answers its URL. */
export function freshDatabase(baseUrl: string, suffix: string): Promise<string>;
