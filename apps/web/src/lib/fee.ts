import type { FeePurpose } from '@portal/contracts';
import type { ReactNode } from 'react';

/**
 * A fee a domain page offers (a bed space's, a late registration's, a transcript request's): the
 * page says what is due, and the payments feature draws it as the purpose's contract declares
 * (PAYMENT_PURPOSES). The route file passes the drawing in, since a feature does not import another.
 */
export interface FeeOffer {
  purpose: FeePurpose;
  /** A card: the fee is due now. A dialog: it is open. */
  due: boolean;
  /** naira */
  amount: number;
  /** The record paid for (sent as RecordId) when the purpose pays for one. */
  recordId?: number | null;
  /** The intro's values besides the amount: {semester}, {date}, {recipient}. */
  details?: Record<string, string>;
  /** After a payment the gateway sent the student back from has been checked. */
  onPaid?: () => void;
  /** A dialog's Close (a fee paid in a dialog). */
  onClose?: () => void;
}

/** Draws a domain page's fee; its code downloads when a fee is due, or ahead with `prepare`. */
export interface FeeSlot {
  (offer: FeeOffer): ReactNode;
  /**
   * Downloads what drawing the purpose's fee takes (a dialog's parts), for a page to call when the
   * student reaches for a Pay button (pointer over it, or focus), so the dialog opens at once without
   * every visit of the page downloading it.
   */
  prepare: (purpose: FeePurpose) => void;
}
