/**
 * The ILIKE pattern of "contains `text`": `%`, `_` and `\` typed in a search box are searched for,
 * not used as wildcards.
 */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;
