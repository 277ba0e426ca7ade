import { z } from 'zod';
import { USER_MODES } from './constants.js';

export const userModeSchema = z.enum(USER_MODES);

/** The strings the sign-in and reset flows show, word for word from the spec. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password!',
  /** A student who signed in with a matric number is told what they typed. */
  invalidMatricCredentials: 'Invalid matric number or password!',
  loginSuccess: 'Login successfully!',
  logoutFailed: 'Unable to complete operation at the moment',
  resetSent: 'If that e-mail is registered, a password reset link has been sent to it.',
  resetDone: 'Your password has been reset. You can now sign in.',
  resetCodeInvalid: 'This reset link is invalid or has expired.',
  passwordRule: 'Password Does Not Meet Requirements',
  passwordRequired: 'Password is required',
  passwordChanged: 'Password changed successfully.',
  currentPasswordWrong: 'The current password is not correct.',
  tooManyAttempts: 'Too many attempts. Please wait and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You are not allowed to do this.',
} as const;

export const loginRequest = z.object({
  Username: z.string().trim().min(1, 'Username is required').max(254),
  Password: z.string().min(1, 'You must enter your password!').max(1024),
  SessionID: z.union([z.string(), z.number()]).optional(),
  userMode: userModeSchema,
  schoolId: z.union([z.string(), z.number()]).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const pageEntry = z.object({
  Menu_Id: z.number().int(),
  Menu_Name: z.string(),
  Menu_Icon: z.string(),
  Page: z.string(),
});
export type PageEntry = z.infer<typeof pageEntry>;

export const applicantUser = z.object({
  token: z.string(),
  ApplicantID: z.number().int(),
  SessionID: z.number().int().nullable(),
  SchoolID: z.number().int(),
  FirstName: z.string().nullable(),
  LastName: z.string().nullable(),
  OtherName: z.string().nullable(),
  Email: z.string(),
  PhoneNumber: z.string().nullable(),
  Gender: z.string().nullable(),
  DepartmentName: z.string().nullable(),
  DeptID: z.number().int().nullable(),
  LevelID: z.number().int().nullable(),
  JambRegNo: z.string(),
  AdmModeId: z.number().int().nullable(),
  Passport: z.string().nullable(),
  sid: z.string(),
  UsernameEmail: z.string(),
  IsPasswdChgd: z.boolean().nullable(),
});
export type ApplicantUser = z.infer<typeof applicantUser>;

export const adminUser = z.object({
  token: z.string(),
  sid: z.string(),
  UserId: z.number().int(),
  Email: z.string(),
  IsActive: z.boolean(),
  IsFirstLogin: z.boolean(),
  Username: z.string(),
  Fullname: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  IsSupport: z.boolean(),
  Passport: z.string().nullable(),
  permissions: z.array(z.string()),
});
export type AdminUser = z.infer<typeof adminUser>;

export const studentUser = z.object({
  token: z.string(),
  sid: z.string(),
  StudID: z.number().int(),
  StudId: z.number().int(),
  MatricNo: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  OtherName: z.string().nullable(),
  Email: z.string(),
  PhoneNumber: z.string().nullable(),
  Gender: z.string().nullable(),
  StateID: z.number().int().nullable(),
  EntryTypeId: z.number().int(),
  LevelID: z.number().int().nullable(),
  LevelName: z.string().nullable(),
  DeptID: z.number().int().nullable(),
  DepartmentName: z.string().nullable(),
  CourseOfStudy: z.string().nullable(),
  Passport: z.string().nullable(),
});
export type StudentUser = z.infer<typeof studentUser>;

export const loginResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: z.union([applicantUser, adminUser, studentUser]).optional(),
  LoginToken: z.string().optional(),
  sid: z.string().optional(),
  Data2: z.unknown().optional(),
  Data5: z.array(pageEntry).optional(),
  Data6: z.unknown().optional(),
  RoleData: z.array(pageEntry).optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const logoutQuery = z.object({
  sessionID: z.string().max(200).optional(),
  userMode: z.string().max(20).optional(),
});

/** Step 1 asks for the link; step 2 sets the new password with the e-mailed code. */
export const forgotPasswordRequest = z.discriminatedUnion('step', [
  z.object({
    step: z.literal(1),
    email: z.string().trim().max(254),
    userMode: z.string().max(20),
    resetLink: z.string().max(2000).optional(),
  }),
  z.object({
    step: z.literal(2),
    code: z.string().max(200),
    userMode: z.string().max(20),
    password: z.string().max(1024),
  }),
]);
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const changePasswordRequest = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().max(1024),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
