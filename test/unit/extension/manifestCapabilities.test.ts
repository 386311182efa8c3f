import * as assert from 'node:assert/strict';
import { localisedManifest } from '../../shared/manifest';

interface MenuEntry {
  command: string;
  when?: string;
}
interface Manifest {
  bugs: { url: string };
  homepage: string;
  repository: { url: string };
  preview: boolean;
  pricing: string;
  galleryBanner: { color: string; theme: string };
  capabilities: {
    untrustedWorkspaces: { supported: string; restrictedConfigurations: string[] };
    virtualWorkspaces: { supported: string };
  };
  contributes: {
    configuration: { properties: Record<string, unknown> };
    menus: Record<string, MenuEntry[]>;
    views: Record<string, Array<{ id: string; name: string; visibility?: string }>>;
  };
}

const manifest = localisedManifest<Manifest>();

describe('manifest: Restricted Mode, virtual workspaces, help and the Marketplace page', () => {
  it('supports untrusted folders in a limited way: every emulator setting is restricted', () => {
    const untrusted = manifest.capabilities.untrustedWorkspaces;
    assert.equal(untrusted.supported, 'limited');
    const emulatorSettings = Object.keys(manifest.contributes.configuration.properties).filter((k) =>
      k.startsWith('buildingTwins.emulator.'),
    );
    assert.ok(emulatorSettings.length >= 4);
    assert.deepEqual([...untrusted.restrictedConfigurations].sort(), emulatorSettings.sort());
  });

  it('hides import from and export to files in virtual workspaces, wherever they are offered', () => {
    assert.equal(manifest.capabilities.virtualWorkspaces.supported, 'limited');
    for (const command of ['buildingTwins.importFile', 'buildingTwins.exportTwins']) {
      const places = Object.entries(manifest.contributes.menus).flatMap(([menu, entries]) =>
        entries.filter((e) => e.command === command).map((e) => ({ menu, when: e.when ?? '' })),
      );
      assert.ok(
        places.some((p) => p.menu === 'commandPalette'),
        `${command} has a palette entry`,
      );
      for (const place of places) assert.match(place.when, /!virtualWorkspace/, `${command} in ${place.menu}`);
    }
  });

  it('has a collapsed Help and Feedback view beside the explorer', () => {
    const help = manifest.contributes.views.buildingTwins!.find((v) => v.id === 'buildingTwins.help');
    assert.deepEqual(help && { name: help.name, visibility: help.visibility }, {
      name: 'Help and Feedback',
      visibility: 'collapsed',
    });
  });

  it('says where to get help and what it costs on the Marketplace page', () => {
    assert.equal(manifest.bugs.url, `${manifest.repository.url}/issues`);
    assert.equal(manifest.homepage, `${manifest.repository.url}#readme`);
    assert.equal(manifest.preview, true);
    assert.equal(manifest.pricing, 'Free');
    assert.match(manifest.galleryBanner.color, /^#[0-9a-f]{6}$/i);
  });
});
