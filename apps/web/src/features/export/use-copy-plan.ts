import { type CopyPlan, networkLimits, planCopy } from '@tagscout/core/export';
import { useMemo } from 'react';
import { useCapabilities } from '../../shell/session-store';
import { useAppData } from '../appdata/queries';
import { useSettings } from '../settings/settings-store';

/**
 * How the selection would be copied for the chosen network, with its limits (core's rules under the
 * administrator's overrides). `random` places the branding tag; the preview uses a fixed one.
 */
export function useCopyPlan(chosen: readonly string[]): {
  plan: CopyPlan;
  build: (random: () => number) => CopyPlan;
} {
  const caps = useCapabilities();
  const settings = useSettings();
  const overrides = useAppData().data?.networkCaps;
  return useMemo(() => {
    const build = (random: () => number) =>
      planCopy({
        tags: chosen,
        emojisEnabled: settings.emojisEnabled,
        exportCommaDelimited: settings.exportCommaDelimited,
        textBeforeHashtagsEnabled: settings.textBeforeHashtagsEnabled,
        textBeforeHashtagsText: settings.textBeforeHashtagsText,
        removeBranding: caps.canRemoveBranding && settings.brandingDisabled,
        canCopyUnlimited: caps.canCopyUnlimited,
        limits: networkLimits(settings.copyNetwork, overrides),
        random,
      });
    return { plan: build(() => 0), build };
  }, [chosen, settings, caps, overrides]);
}
