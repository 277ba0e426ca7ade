import { useT } from '../../../i18n/useT';
import { useReceipt, useSchoolFeesReceipt } from '../api/get-receipt';
import { safeFileName } from '../api/download-pdf';
import { DocumentState, PdfButton, useLogLoadFailure } from './parts';
import { PublicDocument } from './PublicDocument';
import { ReceiptView } from './ReceiptView';

/** /QrCode and /paymentreceipt?transactionId=: the public receipt a QR code opens. */
export default function ReceiptPage() {
  return <PublicDocument param="transactionId" title="document.receipt" document={Receipt} />;
}

function Receipt({ id: transactionId }: { id: string }) {
  const t = useT();
  const receipt = useReceipt(transactionId);
  const data = receipt.data?.Data;
  const isSchoolFees = data?.paymentCategoryId != null;
  const schoolFees = useSchoolFeesReceipt(transactionId, isSchoolFees);
  const error = receipt.error ?? schoolFees.error;

  useLogLoadFailure('receipt', error);

  if (!data || (isSchoolFees && !schoolFees.data))
    return (
      <DocumentState
        loading={receipt.isPending || (isSchoolFees && schoolFees.isPending)}
        error={error}
        notFoundText={t('documents.receipt.notFound')}
        onRetry={() => void (receipt.isError ? receipt.refetch() : schoolFees.refetch())}
      />
    );

  return (
    <ReceiptView
      receipt={data}
      schoolFees={schoolFees.data?.Data}
      actions={
        <PdfButton
          download={{
            url: data.pdfUrl,
            fileName: safeFileName(`Receipt-${data.transactionRef}.pdf`),
            area: null,
          }}
        />
      }
    />
  );
}
