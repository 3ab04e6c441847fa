/** The manufacturer's catalogue, picture library and incentive programs of the demo business. */

/** kind: what renderProduct draws; weight: how often dealers order it; qty: [min, max] per line. */
export const PRODUCTS = [
  {
    title: 'Ridgeline 270 Hub Blind',
    description:
      'Five-sided hub ground blind, 270-degree shoot-through windows, 75 in standing height, sets up in 60 seconds.',
    price: '289.00',
    kind: 'hub',
    weight: 10,
    qty: [2, 10],
  },
  {
    title: 'Timberline Two-Person Ground Blind',
    description: 'Compact hub blind for two hunters with silent magnetic window covers and brush loops all around.',
    price: '219.00',
    kind: 'ground',
    weight: 9,
    qty: [2, 12],
  },
  {
    title: 'Summit 6x6 Hard-Sided Box Blind',
    description:
      'Insulated six-by-six box blind with tilt-out windows, lockable door and carpeted floor. Ships on a pallet.',
    price: '2495.00',
    kind: 'box:big',
    weight: 3,
    qty: [1, 3],
  },
  {
    title: 'Summit 4x6 Box Blind',
    description: 'Two-hunter hard-sided box blind with vertical bow windows and a weather-tight roof.',
    price: '1895.00',
    kind: 'box',
    weight: 4,
    qty: [1, 3],
  },
  {
    title: 'Elevated Blind Stand 10 ft',
    description: 'Powder-coated steel tower for the Summit box blinds, with ladder, handrail mounts and leveling feet.',
    price: '749.00',
    kind: 'stand',
    weight: 4,
    qty: [1, 4],
  },
  {
    title: 'Silent Swivel Blind Chair',
    description: '360-degree silent swivel, padded camo backrest and adjustable legs for uneven ground.',
    price: '129.00',
    kind: 'chair',
    weight: 8,
    qty: [2, 16],
  },
  {
    title: 'Shoot-Through Mesh Window Kit',
    description: 'Replacement shoot-through mesh panels for hub blinds, two per kit, hook-and-loop fit.',
    price: '59.00',
    kind: 'windows',
    weight: 6,
    qty: [4, 24],
  },
  {
    title: 'Brush-In Camo Skirt Kit',
    description: 'Natural-look grass skirt that straps around any hub blind to break up the outline.',
    price: '79.00',
    kind: 'skirt',
    palette: 'marsh',
    weight: 6,
    qty: [3, 20],
  },
  {
    title: 'Blind Stakes and Tie-Down Kit',
    description: 'Twelve hardened steel stakes and four tie-down ropes: keeps a blind put in the wind.',
    price: '24.00',
    kind: 'stakes',
    weight: 7,
    qty: [6, 40],
  },
  {
    title: 'Hub Blind Backpack Carry Bag',
    description: 'Padded backpack bag with shoulder straps, sized for every Ridgeline and Timberline blind.',
    price: '49.00',
    kind: 'bag',
    weight: 5,
    qty: [4, 24],
  },
  {
    title: 'Box Blind Tilt-Out Window',
    description:
      'Replacement tilt-out window with tinted acrylic and hinges, for Summit box blinds. Ordered through your rep.',
    price: '89.00',
    kind: 'window',
    status: 'admin_only',
    weight: 2,
    qty: [1, 6],
  },
  {
    title: 'Classic 2019 Hub Blind',
    description: 'Discontinued: replaced by the Ridgeline 270.',
    price: '249.00',
    kind: 'hub',
    palette: 'marsh',
    status: 'inactive',
    weight: 0,
    qty: [1, 1],
  },
];

export const PICTURES = [
  {
    title: 'Sunrise over the food plot',
    scene: 'sunrise',
    category: 'Lifestyle',
    description: 'A Ridgeline 270 on the field edge at first light.',
  },
  {
    title: 'Autumn field edge',
    scene: 'autumn',
    category: 'Lifestyle',
    description: 'Fall colours and a brushed-in hub blind.',
  },
  {
    title: 'Snowy morning sit',
    scene: 'snow',
    category: 'Seasonal',
    description: 'Late-season hunt in the snow camo pattern.',
  },
  {
    title: 'Last light on the ridge',
    scene: 'dusk',
    category: 'Lifestyle',
    description: 'Evening sit on the ridge line.',
  },
  {
    title: 'Spring turkey setup',
    scene: 'spring',
    category: 'Seasonal',
    description: 'A ground blind set for spring gobblers.',
  },
  {
    title: 'Open field, no blind',
    scene: 'sunrise',
    blind: false,
    category: 'Backgrounds',
    description: 'A clean background for dealer flyers.',
  },
];

/** Website header variants (1200x400) shared by the dealers that publish a generated site. */
export const HEADER_SCENES = ['autumn', 'sunrise', 'dusk', 'snow'];

/** A category on the map besides the defaults, for the dealers that are on the manufacturer's pro staff. */
export const PRO_STAFF_CATEGORY = {
  id: 'pro_staff_dealer',
  name: 'Pro Staff Dealer',
  color: 'green',
  icon: null,
  iconSize: 12,
};

/**
 * The incentive programs: this year's (every order the seed makes is dated today, so it counts them) and last
 * season's, over, disabled, and without achievements.
 */
export function programs(today = new Date()) {
  const year = today.getUTCFullYear();
  return [
    {
      program_name: 'Annual Dealer Volume Program',
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
      enabled: true,
      // Silver and Gold mail the dealers they reach: the admin's Notifications tab has entries to handle
      tiers: [
        { name: 'Bronze', metric: 'revenue', value: 25000, reward: '2% rebate on the year', notify_dealer: false },
        {
          name: 'Silver',
          metric: 'revenue',
          value: 60000,
          reward: '4% rebate and co-op advertising',
          notify_dealer: true,
        },
        {
          name: 'Gold',
          metric: 'revenue',
          value: 125000,
          reward: '6% rebate and a booth at the spring show',
          notify_dealer: true,
        },
      ],
    },
    {
      program_name: 'Opening Day Order Drive',
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
      enabled: true,
      tiers: [
        {
          name: 'Regular',
          metric: 'orders',
          value: 12,
          reward: 'Free freight on the next order',
          notify_dealer: false,
        },
        {
          name: 'Frequent',
          metric: 'orders',
          value: 20,
          reward: 'Free demo blind for the showroom',
          notify_dealer: true,
        },
      ],
    },
    {
      program_name: 'Accessory Attach Challenge',
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
      enabled: true,
      tiers: [
        { name: 'Accessory Pro', metric: 'items', value: 300, reward: 'Accessory display rack', notify_dealer: false },
      ],
    },
    {
      program_name: 'Last Season Volume Program',
      start_date: `${year - 1}-01-01`,
      end_date: `${year - 1}-12-31`,
      enabled: false,
      tiers: [{ name: 'Gold', metric: 'revenue', value: 50000, reward: '5% rebate', notify_dealer: false }],
    },
  ];
}
