import { type CopyPlan, networkLimits, planCopy } from '@tagscout/core/export';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCapabilities } from '../../shell/session-store';
import { useAppData } from '../appdata/queries';
import { useSettings } from '../settings/settings-store';

/**
 * How the selection is copied for the chosen network, with its limits (core's rules under the
 * administrator's overrides) and the credit line in the user's language. The Copy button, its toast
 * and the clipboard all read this one plan, so they cannot disagree.
 */
export function useCopyPlan(chosen: readonly string[]): CopyPlan {
  const { t } = useTranslation();
  const caps = useCapabilities();
  const settings = useSettings();
  const overrides = useAppData().data?.networkCaps;
  return useMemo(
    () =>
      planCopy({
        tags: chosen,
        emojisEnabled: settings.emojisEnabled,
        exportCommaDelimited: settings.exportCommaDelimited,
        textBeforeHashtagsEnabled: settings.textBeforeHashtagsEnabled,
        textBeforeHashtagsText: settings.textBeforeHashtagsText,
        removeBranding: caps.canRemoveBranding && settings.brandingDisabled,
        canCopyUnlimited: caps.canCopyUnlimited,
        creditLine: t('export.credit.line'),
        network: settings.copyNetwork,
        limits: networkLimits(settings.copyNetwork, overrides),
      }),
    [chosen, settings, caps, overrides, t],
  );
}
