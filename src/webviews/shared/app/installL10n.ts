// Installs the translations the host wrote into the page (see ../webviewL10n.ts) when this module
// loads. Every app imports it before its other modules, so no text is built before the bundle is in place.
import { configureL10n } from '../../../shared/l10n';
import { L10N_BUNDLE_ATTRIBUTE, readL10nBundle } from '../webviewL10n';

configureL10n(readL10nBundle(document.body.getAttribute(L10N_BUNDLE_ATTRIBUTE)), document.documentElement.lang);
