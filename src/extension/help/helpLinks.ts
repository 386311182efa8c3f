// Where the Help and Feedback view and the welcome view point: pages of the extension's repository, built from
// the manifest's `repository.url` and `bugs.url` (no address is written twice).

export interface HelpLinks {
  documentation: string;
  emulatorDocumentation: string;
  issues: string;
}

interface ManifestLinks {
  repository?: { url?: string } | string;
  bugs?: { url?: string } | string;
}

export function helpLinks(manifest: ManifestLinks): HelpLinks {
  const repositoryUrl = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  if (!repositoryUrl) throw new Error('package.json has no repository.url'); // l10n-exempt: a packaging mistake the tests catch
  const repository = repositoryUrl.replace(/\.git$/, '').replace(/\/+$/, '');
  const bugs = typeof manifest.bugs === 'string' ? manifest.bugs : manifest.bugs?.url;
  return {
    documentation: `${repository}#readme`,
    emulatorDocumentation: `${repository}/blob/main/docs/emulator.md`,
    issues: bugs ?? `${repository}/issues`,
  };
}
