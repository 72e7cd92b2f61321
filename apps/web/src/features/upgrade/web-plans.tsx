import Box from '@mui/material/Box';
import { defaultProductList, findProduct, formatUsd, PLANS, type PlanId } from '@tagscout/core/billing';
import { useTranslation } from 'react-i18next';
import { PlanCard } from './plan-card';
import { planText } from './plan-text';

/** The web's plans: monthly, then annual, highlighted. */
export function WebPlans({
  busyPlan,
  onChoose,
}: {
  busyPlan: PlanId | null;
  onChoose: (plan: PlanId) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: { xs: 3, sm: 2.5 } }}>
      {defaultProductList('web').map((product) => {
        const plan = findProduct('web', product.productId)?.plan ?? 'monthly';
        const text = planText(plan, t);
        return (
          <PlanCard
            key={product.productId}
            title={text.title}
            price={formatUsd(PLANS[plan].priceUsd, t('common.locale'))}
            period={text.period}
            detail={text.detail}
            badge={plan === 'annual' ? t('plans.bestValue') : undefined}
            actionLabel={text.action}
            isBusy={busyPlan === plan}
            isDisabled={busyPlan !== null}
            onChoose={() => onChoose(plan)}
          />
        );
      })}
    </Box>
  );
}
