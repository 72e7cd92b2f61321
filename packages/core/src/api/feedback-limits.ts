/** The longest beta feedback message (appdata.ts). */
export const FEEDBACK_MAX_CHARS = 2000;
