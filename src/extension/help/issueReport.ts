// The "Report an issue" link: GitHub's new-issue form with a title and a body that already names the versions
// involved. Free of 'vscode' imports so unit tests can check it. It is built only from the facts below, so no
// secret, token, connection name or instance URL can end up in it.

/** What a report says about the environment. */
export interface IssueFacts {
  extensionVersion: string;
  vscodeVersion: string;
  /** e.g. "Visual Studio Code", "code-server". */
  appName: string;
  /** Desktop or web. */
  uiKind: 'desktop' | 'web';
  /** `process.platform` and `process.arch`. */
  platform: string;
  arch: string;
  /** What the active connection talks to; never its address. */
  activeService: 'local emulator' | 'service instance';
  /** Connections besides the Local emulator. */
  customConnections: number;
}

/** `https://github.com/<owner>/<repo>/issues/new?title=…&body=…` from the manifest's `bugs.url` (…/issues). */
export function issueReportUrl(bugsUrl: string, facts: IssueFacts): string {
  const base = bugsUrl.replace(/\/+$/, '');
  const query = new URLSearchParams({ title: '', body: issueBody(facts) });
  return `${base}/new?${query.toString()}`;
}

function issueBody(facts: IssueFacts): string {
  const service =
    facts.activeService === 'local emulator'
      ? `Building Twin Data Service v3, local emulator ${facts.extensionVersion} (bundled)`
      : 'Building Twin Data Service v3, a service instance (address left out)';
  return [
    '<!-- Please leave out client secrets, access tokens and the addresses of your instances. -->',
    '',
    '### What happened',
    '',
    '',
    '### What you expected',
    '',
    '',
    '### Steps to reproduce',
    '',
    '1. ',
    '',
    '### Environment',
    '',
    `- Building Twins: ${facts.extensionVersion}`,
    `- VS Code: ${facts.vscodeVersion} (${facts.appName}, ${facts.uiKind})`,
    `- OS: ${facts.platform} ${facts.arch}`,
    `- Service: ${service}`,
    `- Connections besides the Local emulator: ${facts.customConnections}`,
    '',
  ].join('\n');
}
