import type { enLegacy } from "./legacy.en";

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export const deLegacy: Widen<typeof enLegacy> = {
  signInLegacy: "Mit einer Legacy-v3-Registrierung anmelden",
  signInLegacyHint: "Nur für Kanzleien, deren App-Registrierung beim Buchhaltungsdienst noch den Legacy-v3-Ablauf nutzt.",
  flow: "Ablauf",
  flowV31: "v3.1",
  flowV3: "Legacy v3",
  site: "Site (X-Site)",
  v31Title: "v3.1-Verbindung",
  v3Title: "Legacy-v3-Verbindung",
  moveTitle: "Auf v3.1 umstellen",
  moveText:
    "Ihre Verbindung nutzt den Legacy-v3-Ablauf. Melden Sie sich über v3.1 an, um sie umzustellen: Ledgerlane widerruft danach den v3-Zugriff und löscht die gespeicherten Tokens.",
  moveButton: "Auf v3.1 umstellen",
  moved: "Auf v3.1 umgestellt. Der Legacy-v3-Zugriff wurde widerrufen.",
  moveRefused:
    "Nicht umgestellt: Das v3.1-Konto, mit dem Sie sich angemeldet haben, hat ein anderes Hauptunternehmen als die Legacy-v3-Verbindung. Sie sind jetzt mit diesem v3.1-Konto angemeldet; die Legacy-v3-Verbindung blieb unverändert.",
  needsV31Title: "Diese Seite braucht v3.1",
  needsV31Text:
    "Ihre Buchhaltungsverbindung nutzt den Legacy-v3-Ablauf, diese Seite braucht aber die Unternehmens- und Benutzer-Endpunkte von v3.1. Stellen Sie die Verbindung auf v3.1 um, um sie zu nutzen.",
  check: "Verbindung prüfen",
  checkOk: "Die Legacy-v3-Verbindung funktioniert. Zugriffstoken gültig bis {until}.",
  checkFailed: "Die Legacy-v3-Verbindung konnte nicht geprüft werden: {reason}",
  disconnectLegacy: "Legacy v3 trennen",
};
