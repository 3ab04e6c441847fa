import { greatCircleMiles } from '../src/domain/distance';
import { OfflineGeocoder } from '../src/geocoders/offline';

/**
 * Offline accuracy: real US addresses with known coordinates (state capitols and landmarks, coordinates of the
 * buildings themselves), each geocoded with no network and no key, must land within 15 miles of the truth.
 * Government-only ZIP codes (a capitol's own ZIP) are often not in the postal data: those fall back to the city.
 */
const LANDMARKS: [string, string, string, string, number, number][] = [
  ['600 Dexter Ave', 'Montgomery', 'AL', '36130', 32.3771, -86.3008],
  ['1700 W Washington St', 'Phoenix', 'AZ', '85007', 33.4481, -112.097],
  ['500 Woodlane St', 'Little Rock', 'AR', '72201', 34.7469, -92.2887],
  ['1315 10th St', 'Sacramento', 'CA', '95814', 38.5766, -121.4934],
  ['200 E Colfax Ave', 'Denver', 'CO', '80203', 39.7393, -104.9848],
  ['210 Capitol Ave', 'Hartford', 'CT', '06106', 41.764, -72.6822],
  ['411 Legislative Ave', 'Dover', 'DE', '19901', 39.1573, -75.5197],
  ['400 S Monroe St', 'Tallahassee', 'FL', '32399', 30.4381, -84.2816],
  ['206 Washington St SW', 'Atlanta', 'GA', '30334', 33.749, -84.388],
  ['700 W Jefferson St', 'Boise', 'ID', '83702', 43.6178, -116.1998],
  ['401 S 2nd St', 'Springfield', 'IL', '62701', 39.7983, -89.6548],
  ['200 W Washington St', 'Indianapolis', 'IN', '46204', 39.7686, -86.1625],
  ['1007 E Grand Ave', 'Des Moines', 'IA', '50319', 41.5911, -93.6037],
  ['300 SW 10th Ave', 'Topeka', 'KS', '66612', 39.0483, -95.678],
  ['700 Capital Ave', 'Frankfort', 'KY', '40601', 38.1867, -84.8753],
  ['900 N 3rd St', 'Baton Rouge', 'LA', '70802', 30.4571, -91.1874],
  ['210 State St', 'Augusta', 'ME', '04330', 44.3072, -69.7817],
  ['100 State Cir', 'Annapolis', 'MD', '21401', 38.9786, -76.4908],
  ['24 Beacon St', 'Boston', 'MA', '02133', 42.3588, -71.0638],
  ['100 N Capitol Ave', 'Lansing', 'MI', '48933', 42.7335, -84.5555],
  ['75 Rev Dr Martin Luther King Jr Blvd', 'Saint Paul', 'MN', '55155', 44.9551, -93.1022],
  ['400 High St', 'Jackson', 'MS', '39201', 32.3038, -90.1821],
  ['201 W Capitol Ave', 'Jefferson City', 'MO', '65101', 38.5792, -92.1729],
  ['1301 E 6th Ave', 'Helena', 'MT', '59601', 46.5857, -112.0184],
  ['1445 K St', 'Lincoln', 'NE', '68508', 40.8081, -96.6997],
  ['101 N Carson St', 'Carson City', 'NV', '89701', 39.164, -119.7663],
  ['107 N Main St', 'Concord', 'NH', '03301', 43.2068, -71.5376],
  ['125 W State St', 'Trenton', 'NJ', '08608', 40.2206, -74.7699],
  ['490 Old Santa Fe Trail', 'Santa Fe', 'NM', '87501', 35.6824, -105.9397],
  ['1 E Edenton St', 'Raleigh', 'NC', '27601', 35.7804, -78.6391],
  ['1 Capitol Sq', 'Columbus', 'OH', '43215', 39.9612, -82.9988],
  ['2300 N Lincoln Blvd', 'Oklahoma City', 'OK', '73105', 35.4922, -97.5033],
  ['900 Court St NE', 'Salem', 'OR', '97301', 44.9386, -123.0301],
  ['501 N 3rd St', 'Harrisburg', 'PA', '17120', 40.2645, -76.8833],
  ['600 Dr Martin L King Jr Blvd', 'Nashville', 'TN', '37243', 36.1659, -86.7844],
  ['1100 Congress Ave', 'Austin', 'TX', '78701', 30.2747, -97.7404],
  ['350 N State St', 'Salt Lake City', 'UT', '84114', 40.7774, -111.8882],
  ['416 Sid Snyder Ave SW', 'Olympia', 'WA', '98504', 47.0358, -122.9048],
  ['2 E Main St', 'Madison', 'WI', '53703', 43.0747, -89.3842],
  ['200 W 24th St', 'Cheyenne', 'WY', '82002', 41.14, -104.8202],
  ['1600 Pennsylvania Ave NW', 'Washington', 'DC', '20500', 38.8977, -77.0365],
  ['400 Broad St', 'Seattle', 'WA', '98109', 47.6205, -122.3493],
  ['11 N 4th St', 'Saint Louis', 'MO', '63102', 38.6247, -90.1848],
];

test(`When ${LANDMARKS.length} real US addresses are geocoded offline, Then each is within 15 miles of the truth`, () => {
  const geocoder = new OfflineGeocoder();
  const errors: { name: string; miles: number; confidence: string }[] = [];
  for (const [address, city, state, zip_code, lat, lng] of LANDMARKS) {
    const result = geocoder.address({ address, city, state, zip_code });
    if (!result.ok) throw new Error(`${address}, ${city}: ${result.error}`);
    errors.push({
      name: `${address}, ${city}, ${state}`,
      miles: greatCircleMiles(lat, lng, result.answer.lat, result.answer.lng),
      confidence: result.answer.confidence,
    });
  }
  const sorted = errors.map((e) => e.miles).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  const worst = errors.reduce((a, b) => (b.miles > a.miles ? b : a));
  console.log(
    `offline accuracy over ${errors.length} addresses: median error ${median.toFixed(2)} miles, worst ${worst.miles.toFixed(2)} miles (${worst.name}); ` +
      `${errors.filter((e) => e.confidence === 'city_centroid').length} placed by city`,
  );
  expect(errors.length).toBeGreaterThanOrEqual(30);
  for (const e of errors) expect({ name: e.name, within15: e.miles <= 15 }).toEqual({ name: e.name, within15: true });
});
