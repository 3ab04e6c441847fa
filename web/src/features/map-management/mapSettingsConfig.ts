import type { MapCategory, MapDisplaySettings } from '@portal/contracts';
import type { LocatorConfig } from '../locator/embedConfig';
import { DEFAULT_POPUP_STYLE } from '../locator/popup';

/** The locator's look from the server's map settings. */
export function configOfMapSettings(categories: readonly MapCategory[], settings: MapDisplaySettings): LocatorConfig {
  return {
    categories: categories.map(({ id, name, color, icon, iconSize }) => ({ id, name, color, icon, iconSize })),
    popup: {
      textColor: settings.popupTextColor,
      bgColor: settings.popupBgColor,
      radius: settings.popupBorderRadius,
      opacity: settings.popupOpacity,
      blur: settings.popupBlur,
      padding: DEFAULT_POPUP_STYLE.padding,
    },
    clustering: settings.enableClustering,
    showControls: settings.showControls,
    autoFit: true,
    zoom: 4,
    marker: { type: 'default', url: null, color: null, size: 'small' },
  };
}
