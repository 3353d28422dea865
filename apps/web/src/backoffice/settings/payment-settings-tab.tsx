import { BRANCH_SETTINGS_PATHS, paymentSettingsInputSchema } from '@tillpoint/contracts/branch-settings';
import { PAYMENT_PROVIDERS, providerEndpoints } from '@tillpoint/contracts/payment-providers';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { SecretField, SelectField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { useSystemParams } from '../system-params';
import { SETTINGS_CAN, type TabProps, SettingsLoading } from './settings-tab';
import { useSettingsTab } from './use-settings-tab';

/**
 * Payment Integration Settings (spec 1 §2, §4): choosing DOJO or OPAYO fills the script, base and
 * merchant addresses (sandbox in a test environment, live otherwise); another provider clears them.
 * The jwt and password are write-only: the tab shows whether one is stored, never the value.
 */
export function PaymentSettingsTab({ branchId, onEditingChange }: TabProps) {
  const params = useSystemParams();
  const { crud, loading, failed } = useSettingsTab({
    branchId,
    schema: paymentSettingsInputSchema,
    path: BRANCH_SETTINGS_PATHS.savePayment(branchId),
    toForm: (s) => ({ provider: s.provider as (typeof PAYMENT_PROVIDERS)[number], jsUrl: s.jsUrl ?? '', baseUrl: s.baseUrl ?? '', merchantUrl: s.merchantUrl ?? '', jwt: '', password: '', vendorName: s.vendorName ?? '', reportingUser: s.reportingUser ?? '', reportingPassword: '' }),
    onEditingChange,
  });
  if (loading || params.isPending) return <SettingsLoading failed={failed} />;
  const { control, setValue } = crud.form;
  const record = crud.record;

  const pick = (provider: string | null) => {
    const endpoints = provider ? providerEndpoints(provider, params.data?.testEnvironment ?? false) : null;
    setValue('jsUrl', endpoints?.jsUrl ?? '');
    setValue('baseUrl', endpoints?.baseUrl ?? '');
    setValue('merchantUrl', endpoints?.merchantUrl ?? '');
  };

  return (
    <CrudPanel title="Payment Integration Settings" crud={crud} can={SETTINGS_CAN} allowAdd={false} bare>
      <div className="field-grid">
        <SelectField control={control} name="provider" label="Provider" options={PAYMENT_PROVIDERS} required onPicked={pick} />
        <TextField control={control} name="jsUrl" label="Script Url" />
        <TextField control={control} name="baseUrl" label="Base Url" />
        <TextField control={control} name="merchantUrl" label="Merchant Url" />
        <SecretField control={control} name="jwt" label="Jwt" stored={record?.hasJwt ?? false} />
        <SecretField control={control} name="password" label="Password" stored={record?.hasPassword ?? false} />
        {/* Opayo only: its vendor name, and the Reporting API user that lets a payment lost in a timeout be found again. */}
        {crud.form.watch('provider') === 'OPAYO' && (
          <>
            <TextField control={control} name="vendorName" label="Vendor Name" />
            <TextField control={control} name="reportingUser" label="Reporting User" />
            <SecretField control={control} name="reportingPassword" label="Reporting Password" stored={record?.hasReportingPassword ?? false} />
          </>
        )}
      </div>
    </CrudPanel>
  );
}
