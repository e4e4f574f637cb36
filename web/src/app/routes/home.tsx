import { Grid, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AuthBox, type AuthMode } from '../../features/auth/components/auth-box';
import { AboutSection } from '../../features/home/components/about-section';
import { HeroBanner } from '../../features/home/components/hero-banner';
import { NewsBox } from '../../features/home/components/news-box';
import { WelcomeCard } from '../../features/home/components/welcome-card';
import { useAuthUser } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/document-title';

function readMode(value: string | null, fallback: AuthMode): AuthMode {
  return value === 'register' || value === 'repassword' || value === 'login' ? value : fallback;
}

function HomePage({ mode }: { mode: AuthMode }) {
  const user = useAuthUser();
  const [searchParams] = useSearchParams();
  const initialMode = readMode(searchParams.get('mode'), mode);
  useDocumentTitle('home:documentTitle');

  return (
    <Stack gap="xl">
      <HeroBanner />
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <AboutSection />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Stack gap="lg">
            {user ? <WelcomeCard user={user} /> : <AuthBox key={initialMode} initialMode={initialMode} next={searchParams.get('next')} />}
            <NewsBox />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function HomeRoute() {
  return <HomePage mode="login" />;
}

/** `/login`: the home page with the sign-in box; a kept `next` target is honoured after login. */
export function LoginRoute() {
  return <HomePage mode="login" />;
}
