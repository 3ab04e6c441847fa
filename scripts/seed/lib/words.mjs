/** The words the demo business is made of: names, streets, area codes, notes. */

// biome-ignore format: word lists read better in rows
export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William',
  'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Karen', 'Charles', 'Sarah', 'Daniel', 'Nancy',
  'Matthew', 'Lisa', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul',
  'Emily', 'Andrew', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Melissa',
  'Travis', 'Dusty', 'Wade', 'Cody', 'Colton', 'Hank', 'Luke', 'Jesse', 'Garrett', 'Tanner', 'Brooke', 'Shelby',
  'Casey', 'Dale', 'Earl', 'Randy', 'Wyatt', 'Clint', 'Jolene', 'Tammy', 'Darlene', 'Rhonda',
];

// biome-ignore format: word lists read better in rows
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Thomas',
  'Moore', 'Martin', 'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Hall', 'Allen',
  'Young', 'King', 'Wright', 'Hill', 'Scott', 'Green', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Roberts',
  'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards', 'Collins', 'Stewart', 'Morris', 'Murphy',
  'Cook', 'Rogers', 'Reed', 'Bailey', 'Cooper', 'Howard', 'Ward', 'Cox', 'Peterson', 'Gray', 'Hughes', 'Price',
  'Sanders', 'Bennett', 'Wood', 'Barnes', 'Ross', 'Henderson', 'Coleman', 'Jenkins', 'Perry', 'Powell', 'Long',
  'Hudson', 'Olson', 'Lindqvist', 'Schultz', 'Kowalski', 'Dubois', 'Boudreaux', 'Yoder', 'Hostetler', 'Larsen',
];

// biome-ignore format: word lists read better in rows
export const PLACE_WORDS = [
  'Timber Ridge', 'Big Buck', 'Whitetail', 'Cedar Creek', 'Hidden Hollow', 'Stone Creek', 'Bear Run', 'Elk Horn',
  'Red Oak', 'Pine Bluff', 'Muddy River', 'Wild Turkey', 'Broadhead', 'Rut & Rack', 'Foggy Bottom', 'Hickory Hill',
  'North Fork', 'Sawtooth', 'Prairie Wind', 'Bottomland', 'Ridge Runner', 'Shed Antler', 'Longbeard', 'Backwoods',
  'Blue Heron', 'Thunder Valley', 'Iron Creek', 'Deer Creek', 'Beaver Dam', 'Copper Canyon', 'Black Bear',
  'Briar Patch', 'Fox Hollow', 'Trophy Pines', 'Cottonwood', 'Buckskin', 'High Plains', 'Big Timber', 'Old Mill',
];

// biome-ignore format: word lists read better in rows
export const BUSINESS_KINDS = [
  'Outfitters', 'Outdoors', 'Hunting Supply', 'Sporting Goods', 'Archery & Outdoor', 'Hunt Shop', 'Outdoor Supply',
  'Blind & Stand Co.', 'Feed & Outdoor', 'Hardware & Sporting', 'Trading Post', 'Gun & Tackle', 'Pro Shop',
  'Farm & Field', 'Hunting Headquarters',
];

export const BUSINESS_TYPES = ['Retail store', 'Outfitter', 'Archery shop', 'Farm supply', 'Online & showroom'];

// biome-ignore format: word lists read better in rows
export const STREET_NAMES = [
  'Main', 'Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Walnut', 'Hickory', 'Lake', 'Hill', 'Park', 'Washington',
  'Lincoln', 'Jefferson', 'Mill', 'Church', 'Railroad', 'Depot', 'Industrial', 'Commerce', 'Prairie', 'River',
  'Ridge', 'Valley', 'Sportsman', 'Deer Trail', 'Frontage', 'Market', 'Highland', 'Sunset',
];
export const STREET_SUFFIXES = ['St', 'Ave', 'Rd', 'Dr', 'Blvd', 'Ln', 'Pkwy', 'Way'];

/** Where dealers are: hunting states weigh more. Alaska and Hawaii stay out (outside the map's US box). */
// biome-ignore format: one state a cell
export const STATE_WEIGHTS = [
  ['TX', 14], ['PA', 12], ['MI', 11], ['WI', 11], ['MO', 9], ['GA', 8], ['AL', 8], ['OH', 9], ['NY', 8],
  ['MN', 8], ['IA', 6], ['IL', 6], ['IN', 6], ['KY', 6], ['TN', 7], ['MS', 5], ['LA', 5], ['AR', 5], ['OK', 5],
  ['KS', 4], ['NE', 3], ['SD', 3], ['ND', 2], ['MT', 3], ['WY', 2], ['CO', 4], ['ID', 3], ['UT', 2], ['NM', 2],
  ['AZ', 2], ['NV', 1], ['CA', 3], ['OR', 3], ['WA', 3], ['VA', 6], ['WV', 4], ['NC', 7], ['SC', 5], ['FL', 4],
  ['MD', 2], ['DE', 1], ['NJ', 1], ['CT', 1], ['RI', 1], ['MA', 1], ['VT', 2], ['NH', 2], ['ME', 3],
];

/** A real area code of each state, for plausible (fictional 555-01xx) phone numbers. */
// biome-ignore format: one state a cell
export const AREA_CODES = {
  AL: '205', AZ: '928', AR: '870', CA: '530', CO: '970', CT: '860', DE: '302', FL: '850', GA: '706', ID: '208',
  IL: '217', IN: '812', IA: '319', KS: '785', KY: '606', LA: '337', ME: '207', MD: '301', MA: '413', MI: '989',
  MN: '218', MS: '662', MO: '417', MT: '406', NE: '308', NV: '775', NH: '603', NJ: '908', NM: '575', NY: '315',
  NC: '828', ND: '701', OH: '740', OK: '580', OR: '541', PA: '814', RI: '401', SC: '864', SD: '605', TN: '931',
  TX: '830', UT: '435', VT: '802', VA: '540', WA: '509', WV: '304', WI: '715', WY: '307', DC: '202',
};

/** Which of the default zones a state belongs to (matched by word against the configured zones). */
export const STATE_REGIONS = {
  Eastern: ['ME', 'NH', 'VT', 'MA', 'RI', 'CT', 'NY', 'NJ', 'PA', 'DE', 'MD', 'DC', 'VA', 'WV'],
  Southern: ['NC', 'SC', 'GA', 'FL', 'AL', 'MS', 'LA', 'AR', 'TN', 'KY', 'TX', 'OK'],
  Midwest: ['OH', 'MI', 'IN', 'IL', 'WI', 'MN', 'IA', 'MO', 'KS', 'NE', 'SD', 'ND'],
  Western: ['MT', 'WY', 'CO', 'NM', 'AZ', 'UT', 'ID', 'NV', 'CA', 'OR', 'WA'],
};

export const DEALER_NOTES = [
  'Prefers delivery on Tuesdays; dock closes at 4 pm.',
  'Asked about co-op advertising for the fall season.',
  'Met at the spring trade show - interested in the box blind line.',
  'Owner wants a demo blind for the showroom floor.',
  'Net 30 approved after credit check.',
  'Call before shipping: gravel drive, no 53 ft trailers.',
  'Moved to the new storefront on the highway last spring.',
  'Strong archery customer base; push the hub blinds.',
  'Requested updated price sheet and product photos.',
  'Good payer. Usually orders right before opening day.',
  'Interested in hosting a customer night with our rep.',
  'Carries a competing brand of box blinds; revisit in the summer.',
];

export const ORDER_NOTES = [
  'Please deliver before opening day.',
  'Call ahead - gate code 4471.',
  'Split shipment is fine.',
  'Spring show order.',
  'Restock after the customer demo day.',
  'Liftgate needed at delivery.',
  'Hold until the new building is finished.',
  'Same as last fall, plus extra stakes.',
  'Deliver to the warehouse, not the storefront.',
  'Rep promised the show price on this one.',
];

export const CUSTOM_LINES = [
  { id: 'custom_freight', title: 'Freight - LTL delivery', min: 9500, max: 32500 },
  { id: 'custom_logo', title: 'Dealer logo decal on blind door', min: 1500, max: 3500, perUnit: true },
  { id: 'custom_rush', title: 'Rush handling', min: 5000, max: 7500 },
  { id: 'custom_display', title: 'Showroom display setup', min: 15000, max: 25000 },
];

export const PAYMENT_OTHER_NOTES = ['ACH transfer', 'Wire transfer', 'Dealer credit applied', 'Paid at the trade show'];

export const DEALER_DESCRIPTIONS = [
  (d) =>
    `${d.business_name} has outfitted hunters around ${d.city} for years. Stop by for ground blinds, box blinds, stands and the accessories that keep you hidden all season, and ask us about setting up your blind before opening day.`,
  (d) =>
    `Family-owned and run by hunters, ${d.business_name} carries the full line of hub and hard-sided blinds. We know the local ground, we deliver across ${d.state}, and we are happy to help you pick the right setup for bow or rifle.`,
  (d) =>
    `Your local source for hunting blinds in ${d.city}, ${d.state}. See the blinds set up in our showroom, try the chairs, and leave with everything you need for the next sit.`,
];
