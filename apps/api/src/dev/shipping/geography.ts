/**
 * The demo delivery geography: Kenya's 47 counties (official names, in the order of the First Schedule of the
 * Constitution) with their main towns, and Kampala in Uganda. Fees are whole Kenya shillings from the shop in
 * Nairobi: the city 200-350, the ring towns 300-400, the rest of the country 400-850 by distance.
 */
export interface DemoTown {
  name: string;
  locations: [name: string, fee: number][];
}
export interface DemoCounty {
  name: string;
  towns: DemoTown[];
}
export interface DemoCountry {
  name: string;
  counties: DemoCounty[];
}

/** A county served at its main town's centre only. */
const townCentre = (county: string, town: string, fee: number): DemoCounty => ({
  name: county,
  towns: [{ name: town, locations: [['Town Centre', fee]] }],
});

export const KENYA: DemoCountry = {
  name: 'Kenya',
  counties: [
    {
      name: 'Mombasa',
      towns: [
        {
          name: 'Mombasa Island',
          locations: [
            ['Mombasa CBD', 450],
            ['Old Town', 450],
            ['Tudor', 450],
            ['Ganjoni', 450],
          ],
        },
        {
          name: 'Nyali',
          locations: [
            ['Nyali', 450],
            ['Bamburi', 500],
            ['Shanzu', 500],
            ['Kongowea', 450],
          ],
        },
        {
          name: 'Likoni',
          locations: [
            ['Likoni', 500],
            ['Shelly Beach', 500],
          ],
        },
        {
          name: 'Changamwe',
          locations: [
            ['Changamwe', 450],
            ['Mikindani', 500],
            ['Port Reitz', 450],
          ],
        },
      ],
    },
    {
      name: 'Kwale',
      towns: [
        {
          name: 'Diani',
          locations: [
            ['Ukunda', 550],
            ['Diani Beach Road', 550],
          ],
        },
        { name: 'Kwale', locations: [['Town Centre', 550]] },
      ],
    },
    {
      name: 'Kilifi',
      towns: [
        {
          name: 'Kilifi',
          locations: [
            ['Town Centre', 500],
            ['Mnarani', 500],
          ],
        },
        {
          name: 'Malindi',
          locations: [
            ['Town Centre', 550],
            ['Casuarina', 550],
          ],
        },
        { name: 'Mtwapa', locations: [['Mtwapa', 500]] },
      ],
    },
    townCentre('Tana River', 'Hola', 700),
    townCentre('Lamu', 'Lamu', 750),
    {
      name: 'Taita-Taveta',
      towns: [
        { name: 'Voi', locations: [['Town Centre', 550]] },
        { name: 'Wundanyi', locations: [['Town Centre', 600]] },
      ],
    },
    townCentre('Garissa', 'Garissa', 700),
    townCentre('Wajir', 'Wajir', 800),
    townCentre('Mandera', 'Mandera', 850),
    townCentre('Marsabit', 'Marsabit', 800),
    townCentre('Isiolo', 'Isiolo', 550),
    {
      name: 'Meru',
      towns: [
        {
          name: 'Meru',
          locations: [
            ['Town Centre', 450],
            ['Makutano', 450],
          ],
        },
        { name: 'Nkubu', locations: [['Town Centre', 500]] },
      ],
    },
    townCentre('Tharaka-Nithi', 'Chuka', 450),
    townCentre('Embu', 'Embu', 400),
    townCentre('Kitui', 'Kitui', 450),
    {
      name: 'Machakos',
      towns: [
        {
          name: 'Machakos',
          locations: [
            ['Machakos CBD', 350],
            ['Mutituni', 400],
          ],
        },
        {
          name: 'Athi River',
          locations: [
            ['Athi River', 300],
            ['Mlolongo', 300],
            ['Syokimau', 300],
            ['Katani', 300],
          ],
        },
      ],
    },
    townCentre('Makueni', 'Wote', 450),
    townCentre('Nyandarua', 'Ol Kalou', 450),
    {
      name: 'Nyeri',
      towns: [
        {
          name: 'Nyeri',
          locations: [
            ['Nyeri CBD', 400],
            ['Skuta', 400],
            ["Ruring'u", 400],
          ],
        },
        { name: 'Karatina', locations: [['Town Centre', 450]] },
      ],
    },
    townCentre('Kirinyaga', 'Kerugoya', 400),
    {
      name: "Murang'a",
      towns: [
        { name: "Murang'a", locations: [['Town Centre', 350]] },
        { name: 'Kenol', locations: [['Town Centre', 350]] },
      ],
    },
    {
      name: 'Kiambu',
      towns: [
        {
          name: 'Thika',
          locations: [
            ['Thika Town', 300],
            ['Makongeni', 350],
            ['Section 9', 300],
            ['Ngoingwa', 350],
          ],
        },
        {
          name: 'Ruiru',
          locations: [
            ['Ruiru Town', 300],
            ['Kahawa Sukari', 300],
            ['Membley', 300],
            ['Kahawa Wendani', 300],
          ],
        },
        {
          name: 'Kiambu',
          locations: [
            ['Kiambu Town', 300],
            ['Ndumberi', 350],
          ],
        },
        {
          name: 'Kikuyu',
          locations: [
            ['Kikuyu Town', 300],
            ['Kinoo', 300],
            ['Regen', 300],
          ],
        },
        {
          name: 'Juja',
          locations: [
            ['Juja Town', 300],
            ['Gachororo', 300],
          ],
        },
        {
          name: 'Limuru',
          locations: [
            ['Limuru Town', 350],
            ['Tigoni', 350],
          ],
        },
      ],
    },
    townCentre('Turkana', 'Lodwar', 850),
    townCentre('West Pokot', 'Kapenguria', 650),
    townCentre('Samburu', 'Maralal', 700),
    townCentre('Trans Nzoia', 'Kitale', 500),
    {
      name: 'Uasin Gishu',
      towns: [
        {
          name: 'Eldoret',
          locations: [
            ['Eldoret CBD', 450],
            ['Elgon View', 450],
            ['Kapsoya', 500],
            ['Langas', 500],
            ['Pioneer', 450],
          ],
        },
        { name: 'Burnt Forest', locations: [['Town Centre', 550]] },
      ],
    },
    townCentre('Elgeyo-Marakwet', 'Iten', 500),
    townCentre('Nandi', 'Kapsabet', 500),
    townCentre('Baringo', 'Kabarnet', 550),
    {
      name: 'Laikipia',
      towns: [
        { name: 'Nanyuki', locations: [['Town Centre', 450]] },
        { name: 'Nyahururu', locations: [['Town Centre', 450]] },
      ],
    },
    {
      name: 'Nakuru',
      towns: [
        {
          name: 'Nakuru',
          locations: [
            ['Nakuru CBD', 400],
            ['Milimani', 400],
            ['Section 58', 400],
            ['Lanet', 450],
            ['Free Area', 450],
          ],
        },
        {
          name: 'Naivasha',
          locations: [
            ['Naivasha Town', 400],
            ['Karagita', 450],
            ['Kabati', 400],
          ],
        },
        { name: 'Gilgil', locations: [['Town Centre', 450]] },
        { name: 'Molo', locations: [['Town Centre', 500]] },
      ],
    },
    townCentre('Narok', 'Narok', 450),
    {
      name: 'Kajiado',
      towns: [
        {
          name: 'Kitengela',
          locations: [
            ['Kitengela Town', 350],
            ['Milimani', 350],
            ['Yukos', 350],
          ],
        },
        {
          name: 'Ongata Rongai',
          locations: [
            ['Rongai Town', 350],
            ['Tuala', 350],
            ['Kware', 350],
          ],
        },
        {
          name: 'Ngong',
          locations: [
            ['Ngong Town', 350],
            ['Kibiko', 350],
          ],
        },
        { name: 'Kajiado', locations: [['Town Centre', 450]] },
      ],
    },
    townCentre('Kericho', 'Kericho', 450),
    townCentre('Bomet', 'Bomet', 500),
    {
      name: 'Kakamega',
      towns: [
        {
          name: 'Kakamega',
          locations: [
            ['Town Centre', 500],
            ['Milimani', 500],
          ],
        },
        { name: 'Mumias', locations: [['Town Centre', 550]] },
      ],
    },
    townCentre('Vihiga', 'Mbale', 500),
    {
      name: 'Bungoma',
      towns: [
        { name: 'Bungoma', locations: [['Town Centre', 500]] },
        { name: 'Webuye', locations: [['Town Centre', 550]] },
      ],
    },
    townCentre('Busia', 'Busia', 550),
    townCentre('Siaya', 'Siaya', 550),
    {
      name: 'Kisumu',
      towns: [
        {
          name: 'Kisumu',
          locations: [
            ['Kisumu CBD', 450],
            ['Milimani', 450],
            ['Mamboleo', 500],
            ['Nyalenda', 500],
            ['Kondele', 450],
          ],
        },
        { name: 'Ahero', locations: [['Town Centre', 550]] },
        { name: 'Maseno', locations: [['Town Centre', 550]] },
      ],
    },
    townCentre('Homa Bay', 'Homa Bay', 550),
    townCentre('Migori', 'Migori', 550),
    {
      name: 'Kisii',
      towns: [
        {
          name: 'Kisii',
          locations: [
            ['Town Centre', 500],
            ['Daraja Mbili', 500],
          ],
        },
      ],
    },
    townCentre('Nyamira', 'Nyamira', 500),
    {
      name: 'Nairobi',
      towns: [
        {
          name: 'CBD',
          locations: [
            ['Nairobi CBD', 200],
            ['River Road', 200],
            ['Upper Hill', 250],
            ['Ngara', 250],
          ],
        },
        {
          name: 'Westlands',
          locations: [
            ['Westlands', 250],
            ['Parklands', 250],
            ['Lavington', 300],
            ['Spring Valley', 300],
            ['Loresho', 300],
          ],
        },
        {
          name: 'Kilimani',
          locations: [
            ['Kilimani', 250],
            ['Kileleshwa', 250],
            ['Yaya Centre', 250],
            ['Hurlingham', 250],
          ],
        },
        {
          name: 'Karen',
          locations: [
            ['Karen', 350],
            ['Hardy', 350],
            ["Lang'ata", 300],
            ['Bomas', 300],
          ],
        },
        {
          name: 'Embakasi',
          locations: [
            ['Embakasi', 300],
            ['Pipeline', 300],
            ['Donholm', 300],
            ['Fedha', 300],
            ['Utawala', 350],
          ],
        },
        {
          name: 'Kasarani',
          locations: [
            ['Kasarani', 300],
            ['Roysambu', 300],
            ['Thome', 300],
            ['Zimmerman', 300],
            ['Mwiki', 350],
          ],
        },
        {
          name: 'South B & South C',
          locations: [
            ['South B', 250],
            ['South C', 250],
            ['Nairobi West', 250],
          ],
        },
        {
          name: 'Eastleigh',
          locations: [
            ['Eastleigh', 250],
            ['Pangani', 250],
          ],
        },
      ],
    },
  ],
};

export const UGANDA: DemoCountry = {
  name: 'Uganda',
  counties: [
    {
      name: 'Kampala',
      towns: [
        {
          name: 'Kampala Central',
          locations: [
            ['Kampala CBD', 1500],
            ['Kololo', 1500],
            ['Nakasero', 1500],
          ],
        },
        {
          name: 'Nakawa',
          locations: [
            ['Ntinda', 1600],
            ['Bugolobi', 1600],
          ],
        },
      ],
    },
    {
      name: 'Wakiso',
      towns: [{ name: 'Entebbe', locations: [['Entebbe Town', 1800]] }],
    },
  ],
};

export const DEMO_GEOGRAPHY: DemoCountry[] = [KENYA, UGANDA];
