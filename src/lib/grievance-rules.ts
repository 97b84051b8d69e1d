/**
 * What a grievance may be about and how it moves, shared by the form island and the server (no zod here,
 * so the island stays small). Categories follow what IT Rules 2021 rule 3(1)(b) lets a user complain of.
 */
export const GRIEVANCE_CATEGORIES = {
  non_consensual_intimate_imagery: 'Non-consensual intimate imagery',
  impersonation: 'Impersonation',
  sexual_content: 'Obscene or sexual content',
  child_safety: 'Content harmful to a child',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech or incitement',
  fraud: 'Fraud or scam',
  misinformation: 'False or misleading information',
  privacy: 'Invasion of privacy',
  intellectual_property: 'Copyright or trademark',
  account_decision: 'A decision about my account or content',
  other: 'Something else',
} as const;

export type GrievanceCategory = keyof typeof GRIEVANCE_CATEGORIES;

export const GRIEVANCE_STATUSES = {
  received: 'Received',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  rejected: 'Rejected',
} as const;

export type GrievanceStatus = keyof typeof GRIEVANCE_STATUSES;

/** What was done about a grievance, recorded when it is resolved and counted in the monthly report. */
export const GRIEVANCE_ACTIONS = {
  content_removed: 'Content removed',
  content_restricted: 'Content restricted',
  account_suspended: 'Account suspended',
  no_action: 'No action needed',
} as const;

export type GrievanceAction = keyof typeof GRIEVANCE_ACTIONS;

export const GRIEVANCE_LINK_MAX = 2000;
export const GRIEVANCE_DESCRIPTION_MAX = 5000;

export type GrievanceEventView = { status: GrievanceStatus; label: string; note: string; at: string };

/** What the complainant sees through the private tracking link. */
export type GrievanceTracking = {
  ticket: string;
  category: GrievanceCategory;
  category_label: string;
  status: GrievanceStatus;
  status_label: string;
  created_at: string;
  acknowledge_by: string;
  resolve_by: string;
  acknowledged_at: string | null;
  resolved_at: string | null;
  action_taken: GrievanceAction | null;
  history: GrievanceEventView[];
};

/** What staff see: the ticket, its content and its next deadline as a countdown. */
export type StaffGrievance = Omit<GrievanceTracking, 'history'> & {
  content_link: string;
  description: string;
  /** The next deadline while open (acknowledge, then resolve); null once closed. */
  due_at: string | null;
  due_in_seconds: number | null;
  overdue: boolean;
  deadline: 'acknowledge' | 'resolve' | null;
  history?: GrievanceEventView[];
};
