import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Festival } from '../../api/types';
import { jsonResponse, stubApi } from '../../test/fake-fetch';
import { makeFestival } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AboutSection } from './AboutSection';

function renderAbout(about: Partial<Festival['about']> = {}) {
  const festival = makeFestival();
  stubApi({ '/api/v1/festival': () => jsonResponse({ success: true, festival: { ...festival, about: { ...festival.about, ...about } } }) });
  return renderWithProviders(<AboutSection />);
}

describe('about the institution', () => {
  it('says what the super admin wrote in the festival settings, with the contact to reach', async () => {
    renderAbout();
    const section = await screen.findByRole('region', { name: 'About the institution' });
    expect(await within(section).findByText('An engineering institution by the sea.')).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Accreditation' }).nextElementSibling).toHaveTextContent('Accredited A+.');
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Civil', 'Mechanical', 'MBA']);
    expect(within(section).getByRole('link', { name: 'office@campus.ac.in' })).toHaveAttribute('href', 'mailto:office@campus.ac.in');
    expect(within(section).getByRole('link', { name: '+91 44 2345 6789' })).toHaveAttribute('href', 'tel:+914423456789');
    expect(section).toHaveTextContent('Accounts use your institution e-mail (@campus.ac.in).');
  });

  it('leaves out a card with nothing to say', async () => {
    renderAbout({ accreditation: '', postgraduateProgrammes: [], undergraduateProgrammes: [], contactEmail: '', contactPhone: '' });
    const section = await screen.findByRole('region', { name: 'About the institution' });
    expect(await within(section).findByRole('heading', { name: 'Vision' })).toBeInTheDocument();
    expect(within(section).queryByRole('heading', { name: 'Accreditation' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('heading', { name: 'Programmes' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
  });
});
