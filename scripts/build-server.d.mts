/** See build-server.mjs. */
export const EXTERNAL_PACKAGES: string[];
export function buildServer(outfile?: string): Promise<void>;
export function ownSourcesOnly<
  T extends { sources: string[]; sourcesContent?: (string | null)[]; mappings: string },
>(map: T): T;
