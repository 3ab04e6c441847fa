import { GoogleCallError, GoogleGeocoder } from '../../src/geocoders/google';
import { OfflineGeocoder } from '../../src/geocoders/offline';

const address = { address: '1100 Congress Ave', city: 'Austin', state: 'TX', zip_code: '78701' };
const rooftop = {
  status: 'OK',
  results: [
    {
      formatted_address: '1100 Congress Ave, Austin, TX 78701, USA',
      geometry: { location: { lat: 30.2747, lng: -97.7404 }, location_type: 'ROOFTOP' },
    },
  ],
};

describe('the Google geocoder (its call replaced)', () => {
  test('When Google answers, Then rooftop; calls are paced 200 ms apart', async () => {
    const at: number[] = [];
    const g = new GoogleGeocoder({
      pauseMs: 200,
      fallback: new OfflineGeocoder(),
      call: async () => {
        at.push(Date.now());
        return rooftop;
      },
    });
    const [a] = await Promise.all([g.geocodeAddress(address), g.geocodeAddress(address), g.geocodeAddress(address)]);
    expect(a).toEqual({
      ok: true,
      answer: {
        lat: 30.2747,
        lng: -97.7404,
        source: 'google',
        confidence: 'rooftop',
        matched_address: '1100 Congress Ave, Austin, TX 78701, USA',
      },
    });
    expect((at[1] as number) - (at[0] as number)).toBeGreaterThanOrEqual(195);
    expect((at[2] as number) - (at[1] as number)).toBeGreaterThanOrEqual(195);
  });

  test('When Google answers 429 then 500, Then it retries; when it keeps failing, the offline answer is used', async () => {
    let calls = 0;
    const flaky = new GoogleGeocoder({
      pauseMs: 1,
      fallback: new OfflineGeocoder(),
      call: async () => {
        calls += 1;
        if (calls === 1) throw new GoogleCallError('Too Many Requests', 429);
        if (calls === 2) throw new GoogleCallError('Server Error', 500);
        return rooftop;
      },
    });
    expect((await flaky.geocodeAddress(address)).ok && calls).toBe(3);

    let denied = 0;
    const refused = new GoogleGeocoder({
      pauseMs: 1,
      fallback: new OfflineGeocoder(),
      call: async () => {
        denied += 1;
        throw new GoogleCallError('Forbidden', 403);
      },
    });
    const answer = await refused.geocodeAddress(address);
    expect(denied).toBe(1); // a 4xx other than 429 is not retried
    expect(answer).toMatchObject({ ok: true, answer: { source: 'offline', confidence: 'zip_centroid' } });
  });
});
