import Restore from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { findProduct } from '@tagscout/core/billing';
import { useTranslation } from 'react-i18next';
import type { StorePlatform } from '../../native/native-platform';
import type { StoreProduct } from '../../native/store-purchases';
import { PlanCard } from './plan-card';
import { planText } from './plan-text';
import type { useStorePurchase } from './use-store-purchase';

/** The apps' plans: the store's products and prices, subscribe, and restore purchases. */
export function StorePlans({
  platform,
  purchase,
}: {
  platform: StorePlatform;
  purchase: ReturnType<typeof useStorePurchase>;
}) {
  const { t } = useTranslation();
  const { products, isBusy } = purchase;
  const listed = products.data?.listed ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      {products.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('purchase.loadingProducts')} />
        </Box>
      )}
      {(products.isError || (products.isSuccess && listed.length === 0)) && (
        <Alert severity="warning">{t('purchase.noProducts')}</Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 3 }}>
        {listed.map((product) => (
          <StoreProductCard
            key={product.productId}
            platform={platform}
            product={product}
            isBusy={isBusy}
            onChoose={() => void purchase.subscribe(product)}
          />
        ))}
      </Box>
      <Button
        startIcon={<Restore />}
        onClick={() => void purchase.restore()}
        disabled={isBusy}
        sx={{ alignSelf: 'center' }}
      >
        {t('purchase.restore')}
      </Button>
      <Backdrop
        open={isBusy}
        sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}
      >
        <CircularProgress color="inherit" />
        <Typography>{t('purchase.processing')}</Typography>
      </Backdrop>
    </Box>
  );
}

function StoreProductCard({
  platform,
  product,
  isBusy,
  onChoose,
}: {
  platform: StorePlatform;
  product: StoreProduct;
  isBusy: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const definition = findProduct(platform, product.productId);
  const plan = definition?.plan ?? 'monthly';
  const text = planText(plan, t);
  return (
    <PlanCard
      title={definition?.hasThirtyDayTrial ? t('plans.monthlyTrial30.title') : text.title}
      price={product.price}
      period={text.period}
      detail={t(definition?.hasThirtyDayTrial ? 'plans.monthlyTrial30.detail' : `plans.${plan}.storeDetail`)}
      badge={plan === 'annual' && !definition?.hasThirtyDayTrial ? t('plans.bestValue') : undefined}
      actionLabel={t('purchase.subscribe')}
      isBusy={false}
      isDisabled={isBusy}
      onChoose={onChoose}
    />
  );
}
