const en = {
  app: {
    name: "Ledgerlane",
    tagline: "Payroll and accounting, connected",
    skipToContent: "Skip to content",
  },
  nav: {
    label: "Main",
    trialBalance: "Trial balance",
    payroll: "Payroll",
    settings: "Settings",
  },
  language: {
    label: "Language",
    en: "English",
    de: "Deutsch",
  },
  landing: {
    title: "The workbench for payroll clerks and accountants",
    intro:
      "Ledgerlane connects your firm to its accounting service and its German payroll service. Read trial balances for any period, keep business and user details current, onboard employees one by one or in bulk, and enter each month's hours and extra payments in spreadsheet-like grids that check every cell before anything is sent.",
    featureBooksTitle: "Books you can check",
    featureBooksText: "Trial balances by date range, compared with earlier periods and exported to CSV or Excel.",
    featurePayrollTitle: "Payroll without retyping",
    featurePayrollText: "Paste hours and payments from a spreadsheet, validated as you type, with drafts that survive a reload.",
    featureSafeTitle: "Safe by design",
    featureSafeText: "Your credentials never reach the browser; tokens and keys are stored encrypted.",
  },
  signedOut: {
    title: "Sign in to continue",
    text: "This page shows data from your accounting and payroll services. Sign in with your accounting account first.",
  },
  notFound: {
    title: "Page not found",
    text: "There is no page at this address. Check the address or go back to the start page.",
    home: "Go to the start page",
  },
  error: {
    title: "Something went wrong",
    text: "The page could not be shown. Nothing you entered has been lost; try again.",
    retry: "Try again",
    reference: "Reference",
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof en>;
export default en satisfies Messages;
