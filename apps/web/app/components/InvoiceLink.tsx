import { invoiceAvailable } from '@vitrina/domain';
import { useCheckoutT } from '../i18n/checkout';

interface InvoiceLinkProps {
  number: string;
  /** the order's secret token: the API's guest download (the account's history gives it to its customer too) */
  orderToken: string | null | undefined;
  status: string;
  payment_status?: string | undefined;
  payment_method_code?: string | undefined;
  /** the order's credit notes (refunds, a cancellation): each downloads beside the invoice */
  creditNotes?: readonly string[] | undefined;
}

/**
 * The order's VAT invoice: a plain link to the PDF (works without JavaScript,
 * opens or saves as the browser does), shown only when the API would issue it (the domain's
 * invoiceAvailable: not cancelled, and paid when paid online).
 */
export function InvoiceLink({
  number,
  orderToken,
  status,
  payment_status,
  payment_method_code,
  creditNotes = [],
}: InvoiceLinkProps) {
  const t = useCheckoutT();
  if (!orderToken || !payment_method_code) return null;
  // an invoiced order that was cancelled or refunded keeps its invoice, answered by its credit notes
  const invoiced =
    invoiceAvailable({ status, payment_status: payment_status ?? 'pending', payment_method_code }) ||
    creditNotes.length > 0;
  if (!invoiced) return null;
  const href = `/vsbridge/order/invoice?${new URLSearchParams({ number, orderToken, storeCode: t.storeCode })}`;
  return (
    <>
      <p className="order-invoice">
        <a href={href} download={`${number}.pdf`} data-testid="invoice-link">
          {t('invoice.download')}
        </a>
      </p>
      {creditNotes.map((note) => (
        <p className="order-invoice" key={note}>
          <a
            href={`/vsbridge/order/credit-note?${new URLSearchParams({ number, orderToken, note, storeCode: t.storeCode })}`}
            download={`${note}.pdf`}
            data-testid="credit-note-link"
          >
            {t('invoice.creditNote', { number: note })}
          </a>
        </p>
      ))}
    </>
  );
}
