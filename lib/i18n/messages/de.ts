import type { Messages } from "./en";

const de: Messages = {
  app: {
    name: "Ledgerlane",
    tagline: "Lohn und Buchhaltung, verbunden",
    skipToContent: "Zum Inhalt springen",
  },
  nav: {
    label: "Hauptnavigation",
    trialBalance: "Summen- und Saldenliste",
    payroll: "Lohn",
    settings: "Einstellungen",
  },
  language: {
    label: "Sprache",
    en: "English",
    de: "Deutsch",
  },
  landing: {
    title: "Die Werkbank für Lohnbuchhaltung und Buchhaltung",
    intro:
      "Ledgerlane verbindet Ihre Kanzlei mit ihrem Buchhaltungsdienst und ihrem Lohnabrechnungsdienst. Lesen Sie Summen- und Saldenlisten für jeden Zeitraum, halten Sie Unternehmens- und Benutzerdaten aktuell, legen Sie Mitarbeitende einzeln oder gesammelt an und erfassen Sie die Stunden und Zusatzzahlungen jedes Monats in tabellenartigen Rastern, die jede Zelle prüfen, bevor etwas gesendet wird.",
    featureBooksTitle: "Bücher, die Sie prüfen können",
    featureBooksText: "Summen- und Saldenlisten nach Zeitraum, verglichen mit früheren Perioden und als CSV oder Excel exportiert.",
    featurePayrollTitle: "Lohn ohne Abtippen",
    featurePayrollText: "Stunden und Zahlungen aus einer Tabelle einfügen, beim Tippen geprüft, mit Entwürfen, die ein Neuladen überstehen.",
    featureSafeTitle: "Sicher von Grund auf",
    featureSafeText: "Ihre Zugangsdaten erreichen nie den Browser; Tokens und Schlüssel werden verschlüsselt gespeichert.",
  },
  signedOut: {
    title: "Bitte anmelden",
    text: "Diese Seite zeigt Daten aus Ihren Buchhaltungs- und Lohndiensten. Melden Sie sich zuerst mit Ihrem Buchhaltungskonto an.",
  },
  notFound: {
    title: "Seite nicht gefunden",
    text: "Unter dieser Adresse gibt es keine Seite. Prüfen Sie die Adresse oder kehren Sie zur Startseite zurück.",
    home: "Zur Startseite",
  },
  error: {
    title: "Etwas ist schiefgelaufen",
    text: "Die Seite konnte nicht angezeigt werden. Ihre Eingaben sind nicht verloren; versuchen Sie es erneut.",
    retry: "Erneut versuchen",
    reference: "Referenz",
  },
};

export default de;
