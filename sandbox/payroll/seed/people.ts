/** Name and place material for the seeded employees. */

export interface Origin {
  /** Key of the country list. */
  country: number;
  maleFirstNames: readonly string[];
  femaleFirstNames: readonly string[];
  lastNames: readonly string[];
  birthPlaces: readonly string[];
}

export const GERMAN_ORIGIN: Origin = {
  country: 0,
  maleFirstNames: [
    "Alexander", "Andreas", "Benjamin", "Christian", "Daniel", "David", "Dennis", "Dirk", "Elias", "Fabian",
    "Felix", "Florian", "Frank", "Jan", "Jannik", "Jens", "Jonas", "Jörg", "Julian", "Jürgen", "Kai", "Klaus",
    "Lars", "Leon", "Lukas", "Marco", "Markus", "Martin", "Matthias", "Maximilian", "Michael", "Moritz", "Niklas",
    "Oliver", "Patrick", "Paul", "Peter", "Philipp", "Ralf", "René", "Sebastian", "Simon", "Stefan", "Sven",
    "Thomas", "Thorsten", "Tim", "Tobias", "Uwe", "Wolfgang",
  ],
  femaleFirstNames: [
    "Andrea", "Anja", "Anna", "Annika", "Birgit", "Carina", "Christina", "Claudia", "Daniela", "Emma", "Franziska",
    "Hannah", "Heike", "Jana", "Janina", "Jessica", "Johanna", "Julia", "Karin", "Katharina", "Kerstin", "Laura",
    "Lea", "Lena", "Lisa", "Manuela", "Maria", "Marie", "Melanie", "Michaela", "Monika", "Nadine", "Nicole",
    "Petra", "Sabine", "Sandra", "Sarah", "Silke", "Simone", "Sophie", "Stefanie", "Susanne", "Tanja", "Ursula",
    "Vanessa", "Yvonne",
  ],
  lastNames: [
    "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann",
    "Schäfer", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann",
    "Braun", "Krüger", "Hofmann", "Hartmann", "Lange", "Schmitt", "Werner", "Schmitz", "Krause", "Meier",
    "Lehmann", "Schmid", "Schulze", "Maier", "Köhler", "Herrmann", "König", "Walter", "Mayer", "Huber",
    "Kaiser", "Fuchs", "Peters", "Lang", "Scholz", "Möller", "Weiß", "Jung", "Hahn", "Schubert", "Vogel",
    "Friedrich", "Keller", "Günther", "Frank", "Berger", "Winkler", "Roth", "Beck", "Lorenz", "Baumann",
    "Franke", "Albrecht", "Schuster", "Simon", "Ludwig", "Böhm", "Winter", "Kraus", "Martin", "Schumacher",
    "Krämer", "Vogt", "Stein", "Jäger", "Otto", "Sommer", "Groß", "Seidel", "Heinrich", "Brandt", "Haas",
  ],
  birthPlaces: [
    "Berlin", "Hamburg", "München", "Köln", "Frankfurt am Main", "Stuttgart", "Düsseldorf", "Leipzig", "Dortmund",
    "Essen", "Bremen", "Dresden", "Hannover", "Nürnberg", "Duisburg", "Bochum", "Wuppertal", "Bielefeld", "Bonn",
    "Münster", "Mannheim", "Karlsruhe", "Augsburg", "Wiesbaden", "Mainz", "Kiel", "Rostock", "Erfurt", "Kassel",
    "Magdeburg", "Chemnitz", "Halle (Saale)", "Lübeck", "Oldenburg", "Osnabrück", "Regensburg", "Würzburg",
  ],
};

export const FOREIGN_ORIGINS: readonly Origin[] = [
  {
    country: 163,
    maleFirstNames: ["Mehmet", "Mustafa", "Ahmet", "Ali", "Emre", "Murat", "Hasan", "Yusuf", "Burak", "Can"],
    femaleFirstNames: ["Ayşe", "Fatma", "Elif", "Zeynep", "Emine", "Merve", "Selin", "Derya", "Hatice", "Büşra"],
    lastNames: ["Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Yıldız", "Öztürk", "Aydın", "Arslan", "Doğan"],
    birthPlaces: ["İstanbul", "Ankara", "İzmir", "Bursa", "Konya", "Gaziantep", "Kayseri"],
  },
  {
    country: 152,
    maleFirstNames: ["Piotr", "Krzysztof", "Tomasz", "Paweł", "Marcin", "Michał", "Łukasz", "Jakub"],
    femaleFirstNames: ["Katarzyna", "Agnieszka", "Magdalena", "Joanna", "Monika", "Aleksandra", "Ewa"],
    lastNames: ["Nowak", "Kowalski", "Wiśniewski", "Wójcik", "Kowalczyk", "Kamiński", "Lewandowski", "Zieliński"],
    birthPlaces: ["Warszawa", "Kraków", "Łódź", "Wrocław", "Poznań", "Gdańsk", "Szczecin"],
  },
  {
    country: 137,
    maleFirstNames: ["Giuseppe", "Marco", "Luca", "Francesco", "Alessandro", "Antonio", "Matteo"],
    femaleFirstNames: ["Giulia", "Francesca", "Chiara", "Sara", "Valentina", "Alessia", "Martina"],
    lastNames: ["Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci"],
    birthPlaces: ["Napoli", "Palermo", "Bari", "Catania", "Roma", "Milano", "Torino"],
  },
  {
    country: 154,
    maleFirstNames: ["Andrei", "Alexandru", "Ionuț", "Mihai", "Florin", "Adrian", "Cristian"],
    femaleFirstNames: ["Elena", "Ioana", "Andreea", "Maria", "Mihaela", "Alexandra", "Gabriela"],
    lastNames: ["Popescu", "Ionescu", "Popa", "Dumitru", "Stan", "Stoica", "Gheorghe", "Constantin"],
    birthPlaces: ["București", "Cluj-Napoca", "Timișoara", "Iași", "Constanța", "Brașov"],
  },
  {
    country: 130,
    maleFirstNames: ["Ivan", "Marko", "Josip", "Luka", "Ante", "Tomislav"],
    femaleFirstNames: ["Ana", "Ivana", "Marija", "Petra", "Maja", "Lucija"],
    lastNames: ["Horvat", "Kovačević", "Babić", "Marić", "Jurić", "Novak", "Knežević"],
    birthPlaces: ["Zagreb", "Split", "Rijeka", "Osijek", "Zadar"],
  },
  {
    country: 166,
    maleFirstNames: ["Oleksandr", "Andrii", "Serhii", "Dmytro", "Volodymyr", "Mykola"],
    femaleFirstNames: ["Olena", "Tetiana", "Iryna", "Natalia", "Oksana", "Yuliia"],
    lastNames: ["Melnyk", "Shevchenko", "Boiko", "Kovalenko", "Bondarenko", "Tkachenko", "Kravchenko"],
    birthPlaces: ["Kyjiw", "Charkiw", "Odessa", "Dnipro", "Lwiw", "Saporischschja"],
  },
  {
    country: 475,
    maleFirstNames: ["Mohammad", "Ahmad", "Omar", "Khaled", "Hussein", "Mahmoud"],
    femaleFirstNames: ["Fatima", "Aisha", "Rana", "Lina", "Nour", "Hiba"],
    lastNames: ["Al-Hassan", "Haddad", "Khalil", "Ibrahim", "Mansour", "Saleh", "Darwish"],
    birthPlaces: ["Damaskus", "Aleppo", "Homs", "Latakia", "Hama"],
  },
  {
    country: 134,
    maleFirstNames: ["Georgios", "Dimitrios", "Konstantinos", "Ioannis", "Nikolaos"],
    femaleFirstNames: ["Maria", "Eleni", "Aikaterini", "Vasiliki", "Sofia"],
    lastNames: ["Papadopoulos", "Papadakis", "Georgiou", "Nikolaidis", "Oikonomou", "Christodoulou"],
    birthPlaces: ["Athen", "Thessaloniki", "Patras", "Heraklion", "Larisa"],
  },
];

/** German places with a real postal code of their centre. */
export const PLACES: readonly { postalCode: string; location: string }[] = [
  { postalCode: "10115", location: "Berlin" },
  { postalCode: "12043", location: "Berlin" },
  { postalCode: "13353", location: "Berlin" },
  { postalCode: "20095", location: "Hamburg" },
  { postalCode: "22767", location: "Hamburg" },
  { postalCode: "21073", location: "Hamburg" },
  { postalCode: "80331", location: "München" },
  { postalCode: "81541", location: "München" },
  { postalCode: "50667", location: "Köln" },
  { postalCode: "51103", location: "Köln" },
  { postalCode: "60311", location: "Frankfurt am Main" },
  { postalCode: "70173", location: "Stuttgart" },
  { postalCode: "40213", location: "Düsseldorf" },
  { postalCode: "04109", location: "Leipzig" },
  { postalCode: "01067", location: "Dresden" },
  { postalCode: "44135", location: "Dortmund" },
  { postalCode: "45127", location: "Essen" },
  { postalCode: "28195", location: "Bremen" },
  { postalCode: "30159", location: "Hannover" },
  { postalCode: "90402", location: "Nürnberg" },
  { postalCode: "47051", location: "Duisburg" },
  { postalCode: "44787", location: "Bochum" },
  { postalCode: "33602", location: "Bielefeld" },
  { postalCode: "53111", location: "Bonn" },
  { postalCode: "48143", location: "Münster" },
  { postalCode: "68159", location: "Mannheim" },
  { postalCode: "76133", location: "Karlsruhe" },
  { postalCode: "86150", location: "Augsburg" },
  { postalCode: "65183", location: "Wiesbaden" },
  { postalCode: "55116", location: "Mainz" },
  { postalCode: "24103", location: "Kiel" },
  { postalCode: "18055", location: "Rostock" },
  { postalCode: "99084", location: "Erfurt" },
  { postalCode: "39104", location: "Magdeburg" },
  { postalCode: "14467", location: "Potsdam" },
  { postalCode: "09111", location: "Chemnitz" },
  { postalCode: "06108", location: "Halle (Saale)" },
  { postalCode: "23552", location: "Lübeck" },
  { postalCode: "26122", location: "Oldenburg" },
  { postalCode: "49074", location: "Osnabrück" },
  { postalCode: "93047", location: "Regensburg" },
  { postalCode: "97070", location: "Würzburg" },
  { postalCode: "79098", location: "Freiburg im Breisgau" },
  { postalCode: "69117", location: "Heidelberg" },
  { postalCode: "37073", location: "Göttingen" },
  { postalCode: "38100", location: "Braunschweig" },
  { postalCode: "07743", location: "Jena" },
  { postalCode: "19053", location: "Schwerin" },
  { postalCode: "66111", location: "Saarbrücken" },
  { postalCode: "34117", location: "Kassel" },
];

export const STREETS: readonly string[] = [
  "Hauptstraße", "Schulstraße", "Gartenstraße", "Bahnhofstraße", "Dorfstraße", "Bergstraße", "Birkenweg",
  "Lindenstraße", "Kirchstraße", "Waldstraße", "Ringstraße", "Schillerstraße", "Goethestraße", "Wiesenweg",
  "Mühlenweg", "Amselweg", "Rosenstraße", "Friedhofstraße", "Am Sportplatz", "Beethovenstraße", "Lessingstraße",
  "Industriestraße", "Parkstraße", "Eichenweg", "Feldstraße", "Mozartstraße", "Uhlandstraße", "Blumenstraße",
  "Kastanienallee", "Am Markt", "Marktplatz", "Tulpenweg", "Poststraße", "Jahnstraße", "Erlenweg",
];

/** Areas (Bereichsnummern) of the German pension insurance, as used in the first two digits. */
export const PENSION_AREAS: readonly string[] = [
  "02", "03", "04", "08", "09", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21",
  "23", "24", "25", "26", "28", "29", "38", "39", "40", "42", "43", "44", "45", "46", "47", "48", "49",
  "50", "51", "52", "53", "54", "55", "56", "57", "58", "59", "60", "61", "62", "63", "64", "65", "66",
];

/** ASCII form of a name for e-mail addresses and the pension number's letter. */
export function transliterate(text: string): string {
  return text
    .replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/Ä/g, "Ae").replace(/Ö/g, "Oe")
    .replace(/Ü/g, "Ue").replace(/ß/g, "ss").replace(/ı/g, "i").replace(/İ/g, "I").replace(/ł/g, "l")
    .replace(/Ł/g, "L")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}
