/** See build-server.mjs. */
export const EXTERNAL_PACKAGES: string[];
/** The files bundled (paths from the project root) and what the bundle imports. */
export function buildServer(outfile?: string): Promise<{ inputs: string[]; imports: string[] }>;
export function ownSourcesOnly<
  T extends { sources: string[]; sourcesContent?: (string | null)[]; mappings: string },
>(map: T): T;
