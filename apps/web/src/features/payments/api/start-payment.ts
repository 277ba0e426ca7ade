import {
  ACCEPTANCE_PAYMENT_ITEM_IDS,
  APPLICANT_PAYEE_TYPE_ID,
  PAYMENT_PURPOSES,
  PAYMENT_START_PATHS,
  SCHOOL_ID,
  STUDENT_PAYEE_TYPE_ID,
  type ApplicantUser,
  type PaymentPurpose,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStartedResponse,
} from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const ACCEPTANCE = PAYMENT_PURPOSES.acceptance.payType;

/**
 * The payment request of spec section 3, filled from the signed-in applicant. The server ignores
 * its values (it builds the real request from the applicant's record and the fee schedule); it is
 * sent because the contract names it.
 */
export function paymentRequestOf(user: ApplicantUser): PaymentRequest {
  const payeeName = [user.FirstName, user.OtherName, user.LastName].filter(Boolean).join(' ');
  return {
    SessionID: user.SessionID,
    SchoolID: user.SchoolID ?? SCHOOL_ID,
    FirstName: user.FirstName,
    OtherName: user.OtherName,
    LastName: user.LastName,
    DepartmentName: user.DepartmentName,
    Email: user.Email,
    PhoneNumber: user.PhoneNumber,
    Gender: user.Gender,
    DeptID: user.DeptID,
    LevelID: user.LevelID,
    AdmModeId: user.AdmModeId,
    PayeeTypeId: APPLICANT_PAYEE_TYPE_ID,
    PaymentCategoryId: ACCEPTANCE,
    PayeeId: user.ApplicantID,
    ApplicantID: user.ApplicantID,
    JambRegNo: user.JambRegNo,
    PayeeName: payeeName || user.JambRegNo,
    PaymentItemId: [...ACCEPTANCE_PAYMENT_ITEM_IDS],
    PayeeEmail: user.Email,
  };
}

/** POST api/AddPayeePayment{Monnify|Nomba|}?payType=10: answers Data.checkOutUrl (Remita also the RRR). */
export function startPayment(
  provider: PaymentProvider,
  user: ApplicantUser,
): Promise<PaymentStartedResponse> {
  return api<PaymentStartedResponse>(PAYMENT_START_PATHS[provider], {
    method: 'POST',
    query: { payType: ACCEPTANCE },
    body: paymentRequestOf(user),
    area: 'applicant',
  });
}

/** The school-fees choice: MethodId 1 full payment, 2 an instalment (the first, then the balance). */
export interface SchoolFeesChoice {
  MethodId: number;
  /** naira, first instalment only */
  InstalmentAmount?: number;
}

/**
 * POST api/AddPayeePayment{Monnify|Nomba|}?payType=<the purpose's category> for the signed-in
 * student: the server builds the payment from the student's record and the purpose; of the body it
 * reads only a school-fees method, a first instalment's amount and the record paid for (RecordId:
 * a transcript request, a bed space).
 */
export function startStudentPayment(
  provider: PaymentProvider,
  purpose: Exclude<PaymentPurpose, 'acceptance'>,
  body: { RecordId?: number } & Partial<SchoolFeesChoice> = {},
): Promise<PaymentStartedResponse> {
  const { payType } = PAYMENT_PURPOSES[purpose];
  return api<PaymentStartedResponse>(PAYMENT_START_PATHS[provider], {
    method: 'POST',
    query: { payType },
    body: { ...body, PaymentCategoryId: payType, PayeeTypeId: STUDENT_PAYEE_TYPE_ID },
    area: 'student',
  });
}

/** School fees: in full (MethodId 1) or an instalment. */
export const startSchoolFees = (provider: PaymentProvider, choice: SchoolFeesChoice) =>
  startStudentPayment(provider, 'schoolFees', { ...choice });

export const useStartPayment = () =>
  useMutation({
    mutationFn: ({ provider, user }: { provider: PaymentProvider; user: ApplicantUser }) =>
      startPayment(provider, user),
  });
