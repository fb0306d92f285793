import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { publishNavigation } from './navigation';

/** Publishes the router's location and navigate function to `navigation.ts`. */
export function NavigationBridge() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    publishNavigation(location, navigate);
  }, [location, navigate]);
  return null;
}
