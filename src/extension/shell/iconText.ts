// VS Code renders `$(name)` as an icon in quick picks and the status bar. Text from the service (a twin
// named "$(check) Verified") or typed by the user goes through `noIcons` there, so it shows as written.

/** `$(` escaped as `\$(`: shown literally where VS Code would render an icon. */
export function noIcons(text: string): string {
  return text.replace(/\$\(/g, '\\$(');
}

/** A quick pick's error row: the error icon, then the message as written (a service's `$(…)` shows literally). */
export function errorItemLabel(message: string): string {
  return `$(error) ${noIcons(message)}`;
}

/** `noIcons` for optional text. */
export function noIconsOpt(text: string | null | undefined): string | undefined {
  return text === null || text === undefined ? undefined : noIcons(text);
}
