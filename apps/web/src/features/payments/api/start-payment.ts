import {
  ACCEPTANCE_PAYMENT_CATEGORY_ID,
  ACCEPTANCE_PAYMENT_ITEM_IDS,
  APPLICANT_PAYEE_TYPE_ID,
  HOSTEL_FEE_CATEGORY_ID,
  LATE_REGISTRATION_CATEGORY_ID,
  SCHOOL_ID,
  TRANSCRIPT_FEE_CATEGORY_ID,
  type ApplicantUser,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStartedResponse,
} from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The spec's three start calls (section 7), one per gateway; payType 10 is the acceptance fee. */
const START_PATHS: Record<PaymentProvider, string> = {
  monnify: '/api/AddPayeePaymentMonnify',
  nomba: '/api/AddPayeePaymentNomba',
  remita: '/api/AddPayeePayment',
};

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
    PaymentCategoryId: ACCEPTANCE_PAYMENT_CATEGORY_ID,
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
  return api<PaymentStartedResponse>(START_PATHS[provider], {
    method: 'POST',
    query: { payType: ACCEPTANCE_PAYMENT_CATEGORY_ID },
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
 * POST api/AddPayeePayment{Monnify|Nomba|}?payType=N for the signed-in student: the server builds
 * the payment from the student's record and the purpose (school fees 1, transcript 3, late
 * registration 4); of the body it reads only a school-fees method, a first instalment's amount and
 * the record paid for (RecordId: a transcript request).
 */
function startStudentPayment(
  provider: PaymentProvider,
  payType: number,
  body: Record<string, unknown> = {},
): Promise<PaymentStartedResponse> {
  return api<PaymentStartedResponse>(START_PATHS[provider], {
    method: 'POST',
    query: { payType },
    body: { ...body, PaymentCategoryId: payType, PayeeTypeId: STUDENT_PAYEE_TYPE },
    area: 'student',
  });
}

/** School fees: in full (MethodId 1) or an instalment. */
export const startSchoolFees = (provider: PaymentProvider, choice: SchoolFeesChoice) =>
  startStudentPayment(provider, SCHOOL_FEES_PAY_TYPE, { ...choice });

/** The late course registration fee of the semester whose registration is in its late days. */
export const startLateRegistrationFee = (provider: PaymentProvider) =>
  startStudentPayment(provider, LATE_REGISTRATION_CATEGORY_ID);

/** The fee of one transcript request (payType 3): the request is the payment's RecordId. */
export const startTranscriptFee = (provider: PaymentProvider, requestId: number) =>
  startStudentPayment(provider, TRANSCRIPT_FEE_CATEGORY_ID, { RecordId: requestId });
/** The hostel fee of the student's bed space (payType 2), before the allocation's deadline: the allocation is the RecordId. */
export const startHostelFee = (provider: PaymentProvider, allocationId: number | null) =>
  startStudentPayment(provider, HOSTEL_FEE_CATEGORY_ID, allocationId ? { RecordId: allocationId } : {});

/** School fees' category id (payType) and a student's payee type, as the contracts number them. */
const SCHOOL_FEES_PAY_TYPE = 1;
const STUDENT_PAYEE_TYPE = 2;

export const useStartPayment = () =>
  useMutation({
    mutationFn: ({ provider, user }: { provider: PaymentProvider; user: ApplicantUser }) =>
      startPayment(provider, user),
  });
