import type { EntryKind } from "./kinds";

// The type labels live here, not in the message catalogue: the grid needs both languages at once
// (it reads either when pasted), and importing the catalogue would ship every page's texts to the browser.
const TYPE_LABELS: Record<EntryKind, Record<string, { en: string; de: string }>> = {
  hours: {
    HOURLY_WAGE: { en: "Hourly wage", de: "Stundenlohn" },
    HOLIDAY_SURCHARGE_125: { en: "Holiday surcharge 125 %", de: "Feiertagszuschlag 125 %" },
    HOLIDAY_SURCHARGE_150: { en: "Holiday surcharge 150 %", de: "Feiertagszuschlag 150 %" },
    NIGHT_SUPPLEMENT_25: { en: "Night supplement 25 %", de: "Nachtzuschlag 25 %" },
    NIGHT_SUPPLEMENT_40: { en: "Night supplement 40 %", de: "Nachtzuschlag 40 %" },
    SUNDAY_PREMIUM: { en: "Sunday premium", de: "Sonntagszuschlag" },
    ADDITIONAL_OVERTIME: { en: "Overtime", de: "Überstunden" },
    NIGHT_SUPPLEMENT: { en: "Night supplement", de: "Nachtzuschlag" },
    HOLIDAY_SURCHARGE: { en: "Holiday surcharge", de: "Feiertagszuschlag" },
  },
  payments: {
    TRAVEL_COSTS: { en: "Travel costs", de: "Reisekosten" },
    FOOD_ALLOWANCE: { en: "Food allowance", de: "Verpflegungszuschuss" },
    BONUS_PAYMENT: { en: "Bonus", de: "Prämie" },
  },
};

/** Type labels in both languages: the grid shows the person's and reads either when pasted. */
export function typeLabels(kind: EntryKind): Record<string, { en: string; de: string }> {
  return TYPE_LABELS[kind];
}
