// Text a terminal would act on, shared by the CLI's trust tests (in process and against the built CLI).

/** C0 controls other than tab and line feed, DEL and C1 controls. */
// eslint-disable-next-line no-control-regex
export const TERMINAL_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

/** Service text that a terminal would act on: a window title, a hidden link, a screen clear, colours, an 8-bit CSI. */
export const HOSTILE =
  '\u001b]0;pwned\u0007\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\\u001b[2J\u001b[31mred\u001b[0m\u009b1mbold\r\u0008\u007fend';
