/** Text for a LIKE pattern with its wildcards (%, _) and escape (\) taken literally. */
export const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);
